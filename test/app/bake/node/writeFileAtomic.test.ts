// writeFileAtomic: the target gets the new contents whole, and a failed write leaves the old file and no temporary.
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../app/bake/node/index.ts';
import { temporaryFolder } from '../bakeTestKit.ts';

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temporary file', async () => {
    const folder = temporaryFolder();
    const path = join(folder, 'out.glb');
    writeFileSync(path, 'old');
    await writeFileAtomic(path, new Uint8Array([1, 2, 3]));
    expect([...readFileSync(path)], 'new contents').toEqual([1, 2, 3]);
    expect(readdirSync(folder), 'only the target').toEqual(['out.glb']);
  });

  it('a failing write (target is a folder) throws, keeps what was there and cleans up', async () => {
    const folder = temporaryFolder();
    const path = join(folder, 'taken');
    mkdirSync(path);
    await expect(writeFileAtomic(path, 'data'), 'rename over a folder fails').rejects.toThrow();
    expect(readdirSync(folder), 'no temporary file left').toEqual(['taken']);
    chmodSync(folder, 0o755);
  });
});
