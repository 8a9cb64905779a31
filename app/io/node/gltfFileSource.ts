/**
 * A .glb or .gltf on disk, ready for readGltf (or bake()): its bytes, read as a bounded regular file; a resource
 * reader that applies the one rule for files a glTF names (gltfResourceReader: inside the glTF's folder, symbolic
 * links resolved, regular files, capped at the declared size, each distinct file read once, a total per glTF); and the Draco decoder when the file needs it
 * (draco3dgltf, created once per process and only then, since it costs ~100 ms).
 */
import draco3d from 'draco3dgltf';
import { gltfResourceReader } from './gltfResourceReader.ts';
import { readRegularFile } from './readRegularFile.ts';

let dracoDecoder: Promise<unknown> | null = null;

/** What readGltf needs to import a file from disk. */
export interface GltfFileSource {
  bytes: Uint8Array;
  /** the path as given, for messages */
  fileName: string;
  readResource: (uri: string, limit: { maxBytes: number; overflow: 'refuse' | 'truncate' }) => Promise<Uint8Array>;
  dependencies: Record<string, unknown>;
}

/**
 * Reads a glTF file and prepares its resource reader and decoders.
 *
 * @param path  the .glb or .gltf
 * @returns bytes, file name, resource reader and decoder dependencies
 * @throws FileAccessError(path, problem) when the file is missing, a folder, not a regular file or too large
 */
export async function gltfFileSource(path: string): Promise<GltfFileSource> {
  const bytes = await readRegularFile(path);
  const dependencies: Record<string, unknown> = {};
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('KHR_draco_mesh_compression')) {
    dracoDecoder ??= draco3d.createDecoderModule();
    dependencies['draco3d.decoder'] = await dracoDecoder;
  }
  return { bytes, fileName: path, readResource: gltfResourceReader(path), dependencies };
}
