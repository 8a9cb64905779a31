// Bad input: every corrupted file (made by test/helpers/corruptGltf.ts from the good ones) is refused
// with a GltfImportError that names the file and says what is wrong, quickly, without any other
// kind of exception escaping.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GltfImportError } from '../../../app/io/gltfImportError.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import { type CorruptCase, writeCorruptCases } from '../../helpers/corruptGltf.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
let folder: string;
let cases: CorruptCase[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'overlap-bad-'));
  cases = await writeCorruptCases(dataFolder, folder);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function importError(path: string): Promise<unknown> {
  try {
    await readGltfFile(path);
  } catch (error) {
    return error;
  }
  return null;
}

describe('readGltfFile on bad input', () => {
  it('refuses each corrupted file with a GltfImportError naming the file and the problem', async () => {
    expect(cases.length, 'the corruption cases were generated').toBeGreaterThanOrEqual(20);
    for (const { name, path, message } of cases) {
      const start = performance.now();
      const error = await importError(path);
      expect(error, `${name}: refused`).toBeInstanceOf(GltfImportError);
      expect((error as GltfImportError).file, `${name}: names the file`).toBe(path);
      expect((error as GltfImportError).message, `${name}: says what is wrong`).toMatch(message);
      expect(performance.now() - start, `${name}: refused promptly, not after exhausting memory`).toBeLessThan(5000);
    }
  });

  it('refuses a missing file and a directory', async () => {
    const missing = await importError(join(folder, 'nothing-here.glb'));
    expect((missing as GltfImportError).message, 'missing file').toMatch(/no such file/);
    const directory = await importError(folder);
    expect((directory as GltfImportError).message, 'directory').toMatch(/is a folder, not a file/);
  });
});
