/**
 * Validators for every argument the renderer sends over IPC. Each takes `unknown` (what arrived)
 * and returns the typed value or throws `IpcValidationError` naming the channel and the problem;
 * main's handlers call them before doing anything. Pure: unit-tested in test/main/ipcValidation.test.ts.
 *
 * Structured clone guarantees plain data but not its shape: a compromised or buggy renderer can send
 * anything (wrong types, extra fields, a 3 GB string, a path to ~/.ssh). Sizes are capped so one
 * message cannot exhaust main's memory, and paths must be ones main handed out (see ipcContract.ts).
 */
import { MAX_PROJECT_BYTES } from '../app/document/index.ts';
import type { DocumentState, ExportGltfRequest, RecoveryEntry, SaveProjectRequest } from './ipcContract.ts';
import { isPlainAbsolutePath, PROJECT_SUFFIX } from './pathPolicy.ts';

/** Size caps of IPC payloads [bytes]. */
export const IPC_LIMITS = {
  /** project JSON: the one project reader's limit */
  projectBytes: MAX_PROJECT_BYTES,
  /** exported GLB */
  exportBytes: 1024 * 1024 * 1024,
  /** a suggested file name */
  nameLength: 255,
  /** a window title */
  titleLength: 512,
} as const;

export class IpcValidationError extends Error {
  constructor(channel: string, message: string) {
    super(`${channel}: ${message}`);
    this.name = 'IpcValidationError';
  }
}

/** True for a URL the app's own renderer is served from (the app:// bundle or the dev server). */
export function isTrustedSenderUrl(url: string, developmentServerUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'app:' && parsed.host === 'overlap') return true;
  if (developmentServerUrl) {
    try {
      return parsed.origin === new URL(developmentServerUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

function rejectUnknownKeys(channel: string, value: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new IpcValidationError(channel, `unexpected field "${key}"`);
  }
}

/** A bare file name: no separators, no NUL, not `.`/`..`, at most `IPC_LIMITS.nameLength` characters. */
function validateFileName(channel: string, field: string, value: unknown): string {
  if (typeof value !== 'string') throw new IpcValidationError(channel, `${field} must be a string, got ${typeName(value)}`);
  if (value.length === 0 || value.length > IPC_LIMITS.nameLength)
    throw new IpcValidationError(channel, `${field} must be 1 to ${IPC_LIMITS.nameLength} characters`);
  if (/[\\/\0]/.test(value) || value === '.' || value === '..') throw new IpcValidationError(channel, `${field} must be a bare file name, got "${value}"`);
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  return typeof value;
}

/**
 * A path the renderer names: a plain absolute path (pathPolicy.isPlainAbsolutePath) that main
 * granted before. `granted` is main's set of handed-out paths.
 */
export function validateGrantedPath(channel: string, value: unknown, granted: ReadonlySet<string>): string {
  if (typeof value !== 'string') throw new IpcValidationError(channel, `path must be a string, got ${typeName(value)}`);
  if (!isPlainAbsolutePath(value)) throw new IpcValidationError(channel, 'path must be absolute and normalized, without ".." segments');
  if (!granted.has(value)) throw new IpcValidationError(channel, 'path was not opened or chosen in this session');
  return value;
}

/** `overlap:saveProject` argument. */
export function validateSaveProjectRequest(value: unknown, granted: ReadonlySet<string>): SaveProjectRequest {
  const channel = 'overlap:saveProject';
  if (!isRecord(value)) throw new IpcValidationError(channel, `request must be an object, got ${typeName(value)}`);
  rejectUnknownKeys(channel, value, ['path', 'suggestedName', 'text', 'saveAs']);
  if (typeof value.saveAs !== 'boolean') throw new IpcValidationError(channel, 'saveAs must be a boolean');
  const suggestedName = validateFileName(channel, 'suggestedName', value.suggestedName);
  if (!suggestedName.toLowerCase().endsWith(PROJECT_SUFFIX)) throw new IpcValidationError(channel, `suggestedName must end in ${PROJECT_SUFFIX}`);
  if (typeof value.text !== 'string') throw new IpcValidationError(channel, `text must be a string, got ${typeName(value.text)}`);
  // UTF-16 length bounds the UTF-8 size from below by 1 and above by 3 bytes per unit: check the cheap bound first.
  if (value.text.length > IPC_LIMITS.projectBytes || Buffer.byteLength(value.text, 'utf8') > IPC_LIMITS.projectBytes) {
    throw new IpcValidationError(channel, `project text exceeds ${IPC_LIMITS.projectBytes} bytes`);
  }
  const path = value.path === null ? null : validateGrantedPath(channel, value.path, granted);
  if (path !== null && !path.toLowerCase().endsWith(PROJECT_SUFFIX)) throw new IpcValidationError(channel, `path must end in ${PROJECT_SUFFIX}`);
  return { path, suggestedName, text: value.text, saveAs: value.saveAs };
}

/** `overlap:exportGltf` argument. */
export function validateExportGltfRequest(value: unknown): ExportGltfRequest {
  const channel = 'overlap:exportGltf';
  if (!isRecord(value)) throw new IpcValidationError(channel, `request must be an object, got ${typeName(value)}`);
  rejectUnknownKeys(channel, value, ['suggestedName', 'bytes']);
  const suggestedName = validateFileName(channel, 'suggestedName', value.suggestedName);
  if (!suggestedName.toLowerCase().endsWith('.glb')) throw new IpcValidationError(channel, 'suggestedName must end in .glb');
  if (!(value.bytes instanceof Uint8Array)) throw new IpcValidationError(channel, `bytes must be a Uint8Array, got ${typeName(value.bytes)}`);
  if (value.bytes.byteLength > IPC_LIMITS.exportBytes) throw new IpcValidationError(channel, `export exceeds ${IPC_LIMITS.exportBytes} bytes`);
  // GLB header: magic "glTF" (glTF 2.0 §4.4.2). Refuse anything else rather than write it under a .glb name.
  const bytes = value.bytes;
  if (bytes.byteLength < 12 || bytes[0] !== 0x67 || bytes[1] !== 0x6c || bytes[2] !== 0x54 || bytes[3] !== 0x46) {
    throw new IpcValidationError(channel, 'bytes are not a GLB file (no "glTF" magic)');
  }
  return { suggestedName, bytes };
}

/** `overlap:documentState` argument. */
export function validateDocumentState(value: unknown): DocumentState {
  const channel = 'overlap:documentState';
  if (!isRecord(value)) throw new IpcValidationError(channel, `state must be an object, got ${typeName(value)}`);
  rejectUnknownKeys(channel, value, ['title', 'dirty', 'hasDocument']);
  if (typeof value.title !== 'string' || value.title.length > IPC_LIMITS.titleLength)
    throw new IpcValidationError(channel, `title must be a string of at most ${IPC_LIMITS.titleLength} characters`);
  if (typeof value.dirty !== 'boolean') throw new IpcValidationError(channel, 'dirty must be a boolean');
  if (typeof value.hasDocument !== 'boolean') throw new IpcValidationError(channel, 'hasDocument must be a boolean');
  return { title: value.title, dirty: value.dirty, hasDocument: value.hasDocument };
}

/**
 * `overlap:writeRecovery` argument. The project path, when given, must be one main handed out (it
 * becomes the Save target again after a restore, so it must not let the renderer name a new path).
 */
export function validateRecoveryEntry(value: unknown, granted: ReadonlySet<string>): RecoveryEntry {
  const channel = 'overlap:writeRecovery';
  if (!isRecord(value)) throw new IpcValidationError(channel, `entry must be an object, got ${typeName(value)}`);
  rejectUnknownKeys(channel, value, ['savedAt', 'documentName', 'projectName', 'projectPath', 'text']);
  if (typeof value.savedAt !== 'number' || !Number.isFinite(value.savedAt) || value.savedAt < 0)
    throw new IpcValidationError(channel, 'savedAt must be a time in milliseconds');
  const documentName = validateFileName(channel, 'documentName', value.documentName);
  const projectName = value.projectName === null ? null : validateFileName(channel, 'projectName', value.projectName);
  const projectPath = value.projectPath === null ? null : validateGrantedPath(channel, value.projectPath, granted);
  if (typeof value.text !== 'string') throw new IpcValidationError(channel, `text must be a string, got ${typeName(value.text)}`);
  if (value.text.length > IPC_LIMITS.projectBytes || Buffer.byteLength(value.text, 'utf8') > IPC_LIMITS.projectBytes)
    throw new IpcValidationError(channel, `text exceeds ${IPC_LIMITS.projectBytes} bytes`);
  return { savedAt: value.savedAt, documentName, projectName, projectPath, text: value.text };
}

/** Reads back a recovery file main wrote itself; null when it is missing or not one (never throws). */
export function parseRecoveryFile(text: string): RecoveryEntry | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return null;
    const { savedAt, documentName, projectName, projectPath } = value;
    if (typeof savedAt !== 'number' || typeof documentName !== 'string' || typeof value.text !== 'string') return null;
    if (!(projectName === null || typeof projectName === 'string') || !(projectPath === null || typeof projectPath === 'string')) return null;
    return { savedAt, documentName, projectName, projectPath, text: value.text };
  } catch {
    return null;
  }
}

/** Channels that take no argument: anything sent along is a bug or an attack. */
export function validateNoArguments(channel: string, args: readonly unknown[]): void {
  if (args.length !== 0) throw new IpcValidationError(channel, `takes no arguments, got ${args.length}`);
}
