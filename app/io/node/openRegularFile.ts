/**
 * Opens a file that must be a regular file, without blocking: O_NONBLOCK makes opening a FIFO return at once, and the
 * check is made with fstat on the opened handle, so the file checked is the file read even if the path is swapped
 * meanwhile. Folders, devices (/dev/zero), FIFOs and sockets are refused with a sentence naming the file.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { FileAccessError } from './fileAccessError.ts';
import { fileSystemProblem } from './fileSystemProblem.ts';

/**
 * Opens `path` for reading if it is a regular file.
 *
 * @param path  the file
 * @param name  the name used in messages (the path as the user wrote it, or a glTF's URI)
 * @returns the open handle (the caller closes it) and the file's size [bytes]
 * @throws FileAccessError naming the file: missing, no permission, a folder, not a regular file
 */
export async function openRegularFile(path: string, name: string = path): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new FileAccessError(name, `cannot be read: ${fileSystemProblem(error)}`, (error as NodeJS.ErrnoException).code);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new FileAccessError(name, 'is a folder, not a file', 'EISDIR');
    if (!info.isFile()) throw new FileAccessError(name, 'is not a regular file (a device, pipe or socket); only regular files are read');
    return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    if (error instanceof FileAccessError) throw error;
    throw new FileAccessError(name, `cannot be read: ${fileSystemProblem(error)}`, (error as NodeJS.ErrnoException).code);
  }
}
