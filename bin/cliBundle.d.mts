// Types of bin/cliBundle.mjs (plain JavaScript: it runs before any TypeScript loader), for the tests.
export declare const CLI_ENTRIES: readonly string[];
export declare const BUNDLE_VARIABLE: 'OVERLAP_CLI_BUNDLE';
export interface CliBundle {
  /** the build's manifest.json (what OVERLAP_CLI_BUNDLE names) */
  manifestPath: string;
  /** each entry's source file URL → its bundled file URL */
  twins: Record<string, string>;
}
export declare function cliBundle(options: { root: string; entries?: readonly string[]; cache?: string }): Promise<CliBundle | null>;
