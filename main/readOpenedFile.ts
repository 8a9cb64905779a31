/**
 * Reads a glTF the user chose, plus the external buffers and images a .gltf references, into an
 * `OpenedFile` for the renderer. Node-only (no Electron), tested on temporary files in
 * test/main/readOpenedFile.test.ts.
 *
 * Resources are resolved by pathPolicy.resolveGltfResource: only files inside the glTF's folder are
 * read; anything else (URLs, absolute paths, `..` escapes, missing files) is listed in `missing`
 * so the UI can say what is absent instead of failing silently.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { OpenedFile } from './ipcContract.ts';
import { resolveGltfResource } from './pathPolicy.ts';

/** Largest file main reads for the renderer [bytes]; a bigger glTF is refused with a clear error. */
export const MAX_OPEN_BYTES = 2 * 1024 * 1024 * 1024 - 1;

export async function readOpenedFile(filePath: string): Promise<OpenedFile> {
  const bytes = await readBounded(filePath);
  const opened: OpenedFile = { name: path.basename(filePath), path: filePath, bytes, resources: {}, missing: [] };
  if (!filePath.toLowerCase().endsWith('.gltf')) return opened;

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new Error(`${opened.name}: not valid JSON (${(error as Error).message})`);
  }
  for (const uri of gltfExternalUris(json)) {
    const resolved = resolveGltfResource(filePath, uri);
    if (resolved === null || uri in opened.resources) continue;
    if ('reason' in resolved) {
      opened.missing.push(resolved.reason);
      continue;
    }
    try {
      opened.resources[uri] = await readBounded(resolved.path);
    } catch {
      opened.missing.push(`${uri}: not found next to ${opened.name}`);
    }
  }
  return opened;
}

/** The `uri` strings of a glTF's buffers and images (glTF 2.0 §5.10, §5.18), in file order. */
export function gltfExternalUris(json: unknown): string[] {
  const uris: string[] = [];
  if (typeof json !== 'object' || json === null) return uris;
  for (const key of ['buffers', 'images'] as const) {
    const list = (json as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const uri = (entry as { uri?: unknown } | null)?.uri;
      if (typeof uri === 'string' && uri.length > 0) uris.push(uri);
    }
  }
  return uris;
}

async function readBounded(filePath: string): Promise<Uint8Array> {
  const info = await stat(filePath);
  if (!info.isFile()) throw new Error(`${path.basename(filePath)}: not a regular file`);
  if (info.size > MAX_OPEN_BYTES) throw new Error(`${path.basename(filePath)}: ${info.size} bytes is larger than the ${MAX_OPEN_BYTES}-byte limit`);
  const buffer = await readFile(filePath);
  // A Buffer may be a view into Node's shared pool; hand IPC a tight copy.
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
}
