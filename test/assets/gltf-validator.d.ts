// Types for the parts of gltf-validator (Khronos, ships no .d.ts) that the tests use.
declare module 'gltf-validator' {
  export interface ValidationMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
  }
  export interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; numInfos: number; numHints: number; messages: ValidationMessage[]; truncated: boolean };
    info?: Record<string, unknown>;
  }
  export interface ValidationOptions {
    uri?: string;
    maxIssues?: number;
    ignoredIssues?: string[];
    severityOverrides?: Record<string, number>;
    externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
  }
  export function validateBytes(data: Uint8Array, options?: ValidationOptions): Promise<ValidationReport>;
  export function version(): string;
  const validator: { validateBytes: typeof validateBytes; version: typeof version };
  export default validator;
}
