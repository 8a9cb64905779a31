import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file atomically: to a temporary file in the same folder (same file system, so the rename
 * is atomic on POSIX and replaces atomically on NTFS), flushed, then renamed over the target. Readers
 * see the old file or the new one, never a torn mix; on any failure the temporary file is removed
 * and the target is untouched.
 *
 * @param path  target path
 * @param data  bytes or UTF-8 text
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const handle = await open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    renamed = true;
  } finally {
    if (!renamed) await rm(temporary, { force: true });
  }
}
