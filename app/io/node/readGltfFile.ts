/**
 * Node entry of the importer: reads a .glb or .gltf from disk, resolves external buffers and images
 * next to it (URIs are relative and percent-encoded, glTF 2.0 §2.8 "URIs"), and installs the Draco
 * decoder (draco3dgltf) when the file uses KHR_draco_mesh_compression. Decoding of Draco is loaded
 * once per process and only when needed, since creating the module costs ~100 ms.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import draco3d from 'draco3dgltf';
import { GltfImportError } from '../gltfImportError.ts';
import type { ImportedScene } from '../importedScene.ts';
import { readGltf, type ReadGltfOptions } from '../readGltf.ts';

let dracoDecoder: Promise<unknown> | null = null;

/**
 * Reads a .glb or .gltf from disk with the resources next to it (glTF 2.0 §2.8 URIs) and imports it (readGltf).
 *
 * @param path     file path of a .glb or .gltf
 * @param options  as readGltf (fileName defaults to path; readResource reads next to the file)
 * @returns the imported scene
 * @throws GltfImportError(path, problem) for missing, unreadable or bad files
 */
export async function readGltfFile(path: string, options: Partial<ReadGltfOptions> = {}): Promise<ImportedScene> {
  const fileName = options.fileName ?? path;
  let bytes: Uint8Array;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new GltfImportError(fileName, 'is a directory, not a glTF file');
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof GltfImportError) throw error;
    throw new GltfImportError(fileName, fileProblem(error));
  }
  const folder = dirname(resolve(path));
  const readResource = async (uri: string): Promise<Uint8Array> => {
    try {
      return await readFile(resolve(folder, decodeURIComponent(uri)));
    } catch (error) {
      throw new Error(fileProblem(error));
    }
  };
  const dependencies: Record<string, unknown> = { ...options.dependencies };
  if (!('draco3d.decoder' in dependencies) && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('KHR_draco_mesh_compression')) {
    dracoDecoder ??= draco3d.createDecoderModule();
    dependencies['draco3d.decoder'] = await dracoDecoder;
  }
  return readGltf(bytes, { readResource, ...options, fileName, dependencies });
}

function fileProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory, not a file';
  return error instanceof Error ? error.message : String(error);
}
