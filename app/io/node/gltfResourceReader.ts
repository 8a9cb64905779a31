/**
 * The reader of one glTF's external files (buffers and images), by the one rule for files a glTF names
 * (resolveGltfResource for the path: relative, inside the glTF's folder; then the file system: symbolic links
 * resolved and still inside, regular files, at most the declared size), with two limits per glTF that a crafted
 * .gltf would otherwise break: each distinct file is read ONCE, whatever spellings name it (`a.bin`, `./a.bin`,
 * `%61.bin`, `sub/../a.bin`, a symbolic or hard link: one file by device and inode), and all the files together are
 * at most MAX_GLTF_RESOURCE_BYTES. The CLI's importer (gltfFileSource) and the app's main process (readOpenedFile) both
 * read through it, so the two cannot drift apart.
 *
 * DESIGN NOTES
 * - Measured before (issue 35): a 1.4 KB .gltf naming one file under 20 spellings read it 20 times, 1.13 GB in the
 *   CLI and 954 MB in the app's main process. Now every spelling gets a view of the same bytes.
 * - A file is read up to the largest limit asked of it so far; a later, larger limit reads it again (and counts only
 *   the difference against the total). Views share the file's buffer: IPC's structured clone copies it once.
 * - Reads are serialized (glTF-Transform asks for several at once), so the cache and the total are consistent.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { MAX_GLTF_RESOURCE_BYTES, type ResourceLimit } from '../gltfResourceLimits.ts';
import { FileAccessError } from './fileAccessError.ts';
import { handleBytes } from './handleBytes.ts';
import { fileSystemProblem } from './fileSystemProblem.ts';
import { openRegularFile } from './openRegularFile.ts';
import { isInside, resolveGltfResource } from './resolveGltfResource.ts';

/** Reads the file a URI of the glTF names, within `limit`. */
export type GltfResourceRead = (uri: string, limit: ResourceLimit) => Promise<Uint8Array>;

/**
 * A reader for the external files of the glTF at `gltfPath`; keep one per import of that glTF.
 *
 * @param gltfPath       path of the .gltf that names the resources
 * @param maxTotalBytes  most bytes all its distinct files may take together (default MAX_GLTF_RESOURCE_BYTES)
 * @returns read(uri, limit): the bytes (a view shared by every URI naming the same file)
 * @throws (from read) FileAccessError(uri, reason) for a refused, missing, unreadable or over-limit resource
 */
export function gltfResourceReader(gltfPath: string, maxTotalBytes = MAX_GLTF_RESOURCE_BYTES): GltfResourceRead {
  const files = new Map<string, { bytes: Uint8Array; size: number }>();
  let total = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const read = async (uri: string, limit: ResourceLimit): Promise<Uint8Array> => {
    const real = await insidePath(gltfPath, uri);
    const { handle, size } = await openRegularFile(real, uri);
    try {
      if (size > limit.maxBytes && limit.overflow === 'refuse')
        throw new FileAccessError(uri, `is ${size} bytes, more than the ${limit.maxBytes}-byte limit`, 'EFBIG');
      const length = Math.min(size, limit.maxBytes);
      const info = await handle.stat();
      const key = `${info.dev}:${info.ino}`;
      const known = files.get(key);
      if (known && known.size === size && known.bytes.length >= length) return known.bytes.subarray(0, length);
      const added = length - (known?.bytes.length ?? 0);
      if (total + added > maxTotalBytes) {
        throw new FileAccessError(
          uri,
          `would take the external files of this glTF past ${maxTotalBytes} bytes, the limit for one glTF (${total} bytes read so far)`,
          'EFBIG',
        );
      }
      const kept = await handleBytes(handle, length);
      total += kept.length - (known?.bytes.length ?? 0);
      files.set(key, { bytes: kept, size });
      return kept;
    } catch (error) {
      if (error instanceof FileAccessError) throw error;
      throw new FileAccessError(uri, `cannot be read: ${fileSystemProblem(error)}`, (error as NodeJS.ErrnoException).code);
    } finally {
      await handle.close();
    }
  };
  return (uri, limit) => {
    const result = queue.then(() => read(uri, limit));
    queue = result.catch(() => undefined);
    return result;
  };
}

/** The real path of the file a URI names, or why it may not be read (the lexical rule, then symbolic links). */
async function insidePath(gltfPath: string, uri: string): Promise<string> {
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
  return real;
}
