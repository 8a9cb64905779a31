/**
 * Reads a buffer or image a .gltf names, by the one rule for such files (resolveGltfResource for the path, then the
 * file system): the file must lie inside the glTF's folder after symbolic links are resolved (a link to
 * /etc/passwd beside the glTF is refused), be a regular file (no /dev/zero, no FIFO that never answers), and no
 * more than `maxBytes` is read (a buffer's declared byteLength: a longer file is cut there, glTF 2.0 §5.10 allows
 * padding after the data). Used by the CLI's importer (readGltfFile) and by the app's main process (readOpenedFile).
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { FileAccessError } from './fileAccessError.ts';
import { fileSystemProblem } from './fileSystemProblem.ts';
import { readRegularFile } from './readRegularFile.ts';
import { isInside, resolveGltfResource } from './resolveGltfResource.ts';

/**
 * Reads the file a glTF URI names, or throws why it may not or cannot be read.
 *
 * @param gltfPath  path of the .gltf that names the resource
 * @param uri       the `uri` string from the file (relative, percent-encoded; not a data: URI)
 * @param limit     most bytes to read, and whether a longer file is cut ('truncate', buffers) or refused ('refuse', images)
 * @returns the bytes
 * @throws FileAccessError(uri, reason) for a refused, missing or unreadable resource
 */
export async function readGltfResource(gltfPath: string, uri: string, limit: { maxBytes: number; overflow: 'refuse' | 'truncate' }): Promise<Uint8Array> {
  const resolved = resolveGltfResource(gltfPath, uri);
  if (resolved === null) throw new FileAccessError(uri, 'is a data: URI, which the loader decodes itself');
  if ('reason' in resolved) throw new FileAccessError(uri, resolved.reason.slice(uri.length + 2));
  let real: string;
  let folder: string;
  try {
    folder = await realpath(path.dirname(path.resolve(gltfPath)));
    real = await realpath(resolved.path);
  } catch (error) {
    throw new FileAccessError(uri, `cannot be read: ${fileSystemProblem(error)}`, (error as NodeJS.ErrnoException).code);
  }
  if (!isInside(folder, real)) throw new FileAccessError(uri, "is a symbolic link to a file outside the glTF's folder");
  return readRegularFile(real, { ...limit, name: uri });
}
