import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicWriteFile } from '../../main/atomicWriteFile.ts';

let folder = '';
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'overlap-atomic-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('atomicWriteFile', () => {
  it('writes text and bytes and leaves no temporary file behind', async () => {
    const target = path.join(folder, 'fox.overlap.json');
    await atomicWriteFile(target, '{"a":1}');
    expect(await readFile(target, 'utf8'), 'text written').toBe('{"a":1}');
    await atomicWriteFile(target, new Uint8Array([1, 2, 3]));
    expect([...(await readFile(target))], 'bytes replaced the text').toEqual([1, 2, 3]);
    expect(await readdir(folder), 'only the target remains').toEqual(['fox.overlap.json']);
  });

  it('keeps the previous file intact and removes the temporary file when the rename fails', async () => {
    // A non-empty folder where the file should go: rename(2) onto it fails after the data is written.
    const target = path.join(folder, 'blocked');
    await mkdir(target);
    await writeFile(path.join(target, 'keep.txt'), 'previous');
    await expect(atomicWriteFile(target, 'new contents'), 'rename over a folder fails').rejects.toThrow();
    expect(await readFile(path.join(target, 'keep.txt'), 'utf8'), 'old data untouched').toBe('previous');
    expect(await readdir(folder), 'no temporary file left').toEqual(['blocked']);
  });

  it('replaces the file by rename: a reader that opened the old file still reads it whole', async () => {
    // An in-place rewrite (truncate + write) would show this reader an empty or half-new file.
    const target = path.join(folder, 'big.bin');
    const oldData = new Uint8Array(1 << 20).fill(1);
    await atomicWriteFile(target, oldData);
    const reader = await open(target, 'r');
    try {
      await atomicWriteFile(target, new Uint8Array(1 << 20).fill(2));
      const seen = await reader.readFile();
      expect(seen.length, 'old file still complete').toBe(oldData.length);
      expect(seen.every((value) => value === 1), 'old reader sees only old data').toBe(true);
    } finally {
      await reader.close();
    }
    const now = await readFile(target);
    expect(now.length === 1 << 20 && now.every((value) => value === 2), 'the path now holds the new data').toBe(true);
  });

  it('fails cleanly when the folder does not exist', async () => {
    await expect(atomicWriteFile(path.join(folder, 'missing', 'x.json'), 'x'), 'missing folder').rejects.toThrow(/ENOENT/);
  });
});
