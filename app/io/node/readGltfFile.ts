/**
 * Node entry of the importer: reads a .glb or .gltf from disk (gltfFileSource: a bounded regular file, its
 * resources by the one rule for files a glTF names, Draco when needed) and imports it (readGltf).
 */
import type { ImportedScene } from '../importedScene.ts';
import { readGltf, type ReadGltfOptions } from '../readGltf.ts';
import { gltfFileSource } from './gltfFileSource.ts';

/**
 * Reads a .glb or .gltf from disk with the resources next to it (glTF 2.0 §3.2 URIs) and imports it (readGltf).
 *
 * @param path     file path of a .glb or .gltf
 * @param options  as readGltf (fileName defaults to path; readResource reads next to the file)
 * @returns the imported scene
 * @throws FileAccessError(path, problem) when the file cannot be read; GltfImportError(path, problem) for a bad file
 */
export async function readGltfFile(path: string, options: Partial<ReadGltfOptions> = {}): Promise<ImportedScene> {
  const source = await gltfFileSource(path);
  return readGltf(source.bytes, {
    readResource: source.readResource,
    ...options,
    fileName: options.fileName ?? path,
    dependencies: { ...source.dependencies, ...options.dependencies },
  });
}
