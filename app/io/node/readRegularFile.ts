/**
 * Reads a file that must be a regular file of bounded size. `readFile` on a path is not safe for input a user
 * (or a glTF) names: `/dev/zero` grows memory without end, a FIFO blocks forever, a folder throws late. This opens it
 * with openRegularFile (no blocking, fstat on the handle) and reads at most the size fstat reported.
 */
import { FileAccessError } from './fileAccessError.ts';
import { fileSystemProblem } from './fileSystemProblem.ts';
import { handleBytes } from './handleBytes.ts';
import { openRegularFile } from './openRegularFile.ts';

/** Largest file read by default [bytes]: 2 GiB − 1, the most a Node Buffer of one file holds on every platform. */
export const MAX_INPUT_BYTES = 2 ** 31 - 1;

/** How readRegularFile treats a file larger than the limit. */
export interface ReadRegularFileOptions {
  /** most bytes to read (default MAX_INPUT_BYTES) */
  maxBytes?: number;
  /** 'refuse' (default): a larger file is an error; 'truncate': read only the first maxBytes (a glTF buffer's declared byteLength) */
  overflow?: 'refuse' | 'truncate';
  /** the name used in messages (default: the path) */
  name?: string;
}

/**
 * Reads a regular file whole, refusing folders, devices, FIFOs and sockets, and files above a size limit.
 *
 * @param path     the file
 * @param options  size limit, overflow rule, name for messages
 * @returns the bytes (a tight Uint8Array the caller owns)
 * @throws FileAccessError naming the file and the problem
 */
export async function readRegularFile(path: string, options: ReadRegularFileOptions = {}): Promise<Uint8Array> {
  const name = options.name ?? path;
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  const { handle, size } = await openRegularFile(path, name);
  try {
    if (size > maxBytes && options.overflow !== 'truncate') throw new FileAccessError(name, `is ${size} bytes, more than the ${maxBytes}-byte limit`, 'EFBIG');
    const length = Math.min(size, maxBytes);
    return await handleBytes(handle, length);
  } catch (error) {
    if (error instanceof FileAccessError) throw error;
    throw new FileAccessError(name, `cannot be read: ${fileSystemProblem(error)}`, (error as NodeJS.ErrnoException).code);
  } finally {
    await handle.close();
  }
}
