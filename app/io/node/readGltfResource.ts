/**
 * Reads one buffer or image a .gltf names, by the one rule for such files (gltfResourceReader: inside the glTF's
 * folder after symbolic links are resolved, a regular file, no more than `maxBytes`: a buffer's declared byteLength
 * cuts a longer file there, glTF 2.0 §5.10 allows padding after the data). For a single read; an import reads every
 * resource of a glTF through one gltfResourceReader, which reads each distinct file once.
 */
import type { ResourceLimit } from '../gltfResourceLimits.ts';
import { gltfResourceReader } from './gltfResourceReader.ts';

/**
 * Reads the file a glTF URI names, or throws why it may not or cannot be read.
 *
 * @param gltfPath  path of the .gltf that names the resource
 * @param uri       the `uri` string from the file (relative, percent-encoded; not a data: URI)
 * @param limit     most bytes to read, and whether a longer file is cut ('truncate', buffers) or refused ('refuse', images)
 * @returns the bytes
 * @throws FileAccessError(uri, reason) for a refused, missing or unreadable resource
 */
export async function readGltfResource(gltfPath: string, uri: string, limit: ResourceLimit): Promise<Uint8Array> {
  return gltfResourceReader(gltfPath)(uri, limit);
}
