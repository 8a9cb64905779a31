// A temporary folder for the tests of one describe block, removed after them, and a writer of files into it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Makes the folder now and registers its removal after the calling block's tests.
 *
 * @param prefix  the folder's name before mkdtemp's random suffix (e.g. 'overlap-keys-')
 * @returns the folder's path, and write(name, text): writes the file there and returns its path
 */
export function scratchFolder(prefix: string): { folder: string; write: (name: string, text: string) => string } {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };
  return { folder, write };
}
