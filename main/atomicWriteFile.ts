/**
 * Writes a file so that readers see either the old contents or the new, never a torn mix: data goes
 * to a temporary file in the same folder (same file system, so rename is atomic on POSIX and
 * replaces atomically on NTFS), is flushed with fsync, then renamed over the target. A crash or a
 * full disk mid-write leaves the previous file intact and the temporary file is removed.
 *
 * @param filePath  absolute target path
 * @param data      bytes or UTF-8 text
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export async function atomicWriteFile(filePath: string, data: Uint8Array | string): Promise<void> {
  const folder = path.dirname(filePath);
  const temporaryPath = path.join(folder, `.${path.basename(filePath)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const handle = await open(temporaryPath, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporaryPath, filePath);
    renamed = true;
    await syncFolder(folder);
  } finally {
    if (!renamed) await rm(temporaryPath, { force: true });
  }
}

/** Flushes the folder entry so the rename survives a power cut (POSIX; a no-op where unsupported). */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on folders; the rename itself is already done.
  }
}
