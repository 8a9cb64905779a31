// A fresh temporary folder for each test of a file: made before the test, removed (with everything in it) after.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/**
 * Registers the beforeEach that makes the folder and the afterEach that removes it, in the calling test file.
 *
 * @param prefix  the folder's name before mkdtemp's random suffix (e.g. 'overlap-atomic-')
 * @param made    told each new folder's path, before its test runs
 */
export function temporaryFolderEachTest(prefix: string, made: (folder: string) => void): void {
  let folder = '';
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), prefix));
    made(folder);
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });
}
