import type { FileHandle } from 'node:fs/promises';

/**
 * The first `length` bytes of an open file, read in as many reads as it takes; fewer when the file shrank while being
 * read (a read of 0 bytes ends it), then copied to a tight array. The one read loop of readRegularFile and the glTF
 * resource reader.
 *
 * @param handle  an open file (openRegularFile); the caller closes it
 * @param length  bytes to read, at most the file's size
 * @returns the bytes read (a tight Uint8Array the caller owns)
 */
export async function handleBytes(handle: FileHandle, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(bytes, filled, length - filled, filled);
    if (bytesRead === 0) break; // the file shrank while being read
    filled += bytesRead;
  }
  return filled === length ? bytes : bytes.slice(0, filled);
}
