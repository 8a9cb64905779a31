import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileAccessError } from '../../../../app/io/node/fileAccessError.ts';
import { openAtomicFile, writeFileAtomic as atomicWriteFile, writeFilesAtomic } from '../../../../app/io/node/writeFileAtomic.ts';

let folder = '';
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'overlap-atomic-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
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

  it('fails cleanly when the folder does not exist, naming the target and not the temporary file', async () => {
    const target = path.join(folder, 'missing', 'x.json');
    const error = await atomicWriteFile(target, 'x').catch((caught: unknown) => caught);
    expect(error, 'a FileAccessError').toBeInstanceOf(FileAccessError);
    expect((error as FileAccessError).file, 'names the target').toBe(target);
    expect((error as FileAccessError).message, 'says why').toMatch(/^cannot write: no such file or folder \(ENOENT\)$/);
    expect((error as FileAccessError).message, 'no temporary name').not.toMatch(/\.tmp/);
  });

  it('writes several files all or nothing: a failing second file leaves the first target as it was', async () => {
    const first = path.join(folder, 'out.glb');
    await writeFile(first, 'previous');
    const second = path.join(folder, 'no-such-folder', 'report.json');
    await expect(writeFilesAtomic([{ path: first, data: 'new glb' }, { path: second, data: '{}' }]), 'the report fails').rejects.toThrow(FileAccessError);
    expect(await readFile(first, 'utf8'), 'the first target is untouched').toBe('previous');
    expect(await readdir(folder), 'no temporary file left').toEqual(['out.glb']);
  });

  it('an aborted streaming write removes its temporary file and keeps the target', async () => {
    const target = path.join(folder, 'frames.json');
    await writeFile(target, 'previous');
    const controller = new AbortController();
    const file = await openAtomicFile(target, controller.signal);
    await file.write('{"frames":[');
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(file.write('1,2,3'), 'the next write sees the abort').rejects.toThrow(/cancelled/);
    expect(await readFile(target, 'utf8'), 'target untouched').toBe('previous');
    expect(await readdir(folder), 'no temporary file').toEqual(['frames.json']);
  });

  it('a process that exits with a write in flight leaves no temporary file', async () => {
    // process.exit skips every finally block; the writer's exit hook removes the temporary file.
    const script = path.join(folder, 'exit.mts');
    const writer = new URL('../../../../app/io/node/writeFileAtomic.ts', import.meta.url).pathname;
    await writeFile(script, `import { openAtomicFile } from ${JSON.stringify(writer)};\nconst f = await openAtomicFile(${JSON.stringify(path.join(folder, 'big.bin'))});\nawait f.write(new Uint8Array(1 << 20));\nprocess.exit(4);\n`);
    const tsx = new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url).pathname;
    const result = spawnSync(process.execPath, [tsx, script], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(4);
    expect((await readdir(folder)).filter((name) => name.endsWith('.tmp')), 'no orphan .tmp').toEqual([]);
  });
});
