/**
 * Temporary folders for tests that write files: created under the OS's temporary folder with a prefix naming the test,
 * removed with everything in them when the tests are done.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';

/**
 * One folder for the enclosing describe block (or file): made now, removed after its last test.
 *
 * @returns its path, and `write(name, text)`, which writes a file in it and returns the file's path
 */
export function tempFolder(prefix: string): { path: string; write: (name: string, text: string) => string } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(path, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    const file = join(path, name);
    writeFileSync(file, text);
    return file;
  };
  return { path, write };
}

/** A fresh, empty folder for every test of the enclosing block: returns a function giving the current test's folder. */
export function tempFolderEachTest(prefix: string): () => string {
  let folder = '';
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  return () => folder;
}
