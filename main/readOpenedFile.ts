/**
 * Reads a glTF the user chose, plus the external buffers and images a .gltf references, into an
 * `OpenedFile` for the renderer. Node-only (no Electron), tested on temporary files in
 * test/main/readOpenedFile.test.ts.
 *
 * The glTF is read as a bounded regular file, and its resources by the same reader the command line uses
 * (app/io/node gltfResourceReader: inside the glTF's folder after symbolic links are resolved, regular files only,
 * capped at the declared byteLength, each distinct file read once however many URIs name it, at most
 * MAX_GLTF_RESOURCE_BYTES in all). URIs naming one file share its bytes, which IPC copies once. Anything refused or absent (URLs, absolute paths, `..` and symlink escapes,
 * devices, missing files) is listed in `missing` so the UI can say what is absent instead of failing silently.
 */
import path from 'node:path';
import { gltfResourceLimits } from '../app/io/index.ts';
import { gltfResourceReader } from '../app/io/node/index.ts';
import { readRegularFile } from '../app/io/node/index.ts';
import type { OpenedFile } from './ipcContract.ts';

/** Largest file main reads for the renderer [bytes]; a bigger glTF is refused with a clear error. */
export const MAX_OPEN_BYTES = 2 * 1024 * 1024 * 1024 - 1;

export async function readOpenedFile(filePath: string): Promise<OpenedFile> {
  const name = path.basename(filePath);
  const bytes = tight(await readRegularFile(filePath, { maxBytes: MAX_OPEN_BYTES, name }));
  const opened: OpenedFile = { name, path: filePath, bytes, resources: {}, missing: [] };
  if (!filePath.toLowerCase().endsWith('.gltf')) return opened;

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new Error(`${opened.name}: not valid JSON (${(error as Error).message})`);
  }
  const readResource = gltfResourceReader(filePath);
  for (const [uri, limit] of gltfResourceLimits(json)) {
    try {
      // Not made tight: views of one file share its buffer, which IPC's structured clone then copies once.
      opened.resources[uri] = await readResource(uri, limit);
    } catch (error) {
      opened.missing.push(`${uri}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return opened;
}

/** IPC copies the whole underlying buffer of a view; hand it a tight copy. */
function tight(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}
