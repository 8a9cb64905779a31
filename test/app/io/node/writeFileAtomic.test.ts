import { spawnSync } from 'node:child_process';
import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolderEachTest } from '../../../helpers/temporaryFolderEachTest.ts';
import { FileAccessError } from '../../../../app/io/node/fileAccessError.ts';
import { openAtomicFile, recoverInterruptedWrites, writeFileAtomic as atomicWriteFile, writeFilesAtomic } from '../../../../app/io/node/writeFileAtomic.ts';

let folder = '';
temporaryFolderEachTest('overlap-atomic-', (made) => (folder = made));

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
      expect(
        seen.every((value) => value === 1),
        'old reader sees only old data',
      ).toBe(true);
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
    await expect(
      writeFilesAtomic([
        { path: first, data: 'new glb' },
        { path: second, data: '{}' },
      ]),
      'the report fails',
    ).rejects.toThrow(FileAccessError);
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
    await writeFile(
      script,
      `import { openAtomicFile } from ${JSON.stringify(writer)};\nconst f = await openAtomicFile(${JSON.stringify(path.join(folder, 'big.bin'))});\nawait f.write(new Uint8Array(1 << 20));\nprocess.exit(4);\n`,
    );
    const tsx = new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url).pathname;
    const result = spawnSync(process.execPath, [tsx, script], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(4);
    expect(
      (await readdir(folder)).filter((name) => name.endsWith('.tmp')),
      'no orphan .tmp',
    ).toEqual([]);
  });
});

// All-or-nothing commits of several files (issue 35, item 1): a SIGTERM between the renames of a bake's GLB and its
// report left a new GLB with the old report while exit 4 said nothing was written, and a SIGKILL left an orphan .tmp.
describe('writeFilesAtomic: one commit no signal can split, and what a killed run leaves is completed or removed', () => {
  const writer = new URL('../../../../app/io/node/writeFileAtomic.ts', import.meta.url).pathname;
  /**
   * A child that writes two files over old ones (out.glb and out.json, 'old glb' and 'old report') with
   * writeFilesAtomic and sends itself `signal` between the two renames.
   */
  const writeTwoWithSignal = async (signal: string) => {
    const first = path.join(folder, 'out.glb');
    const second = path.join(folder, 'out.json');
    await writeFile(first, 'old glb');
    await writeFile(second, 'old report');
    const script = path.join(folder, 'two.mts');
    await writeFile(
      script,
      [
        `import { readFileSync } from 'node:fs';`,
        `import { commitTestHooks, writeFilesAtomic } from ${JSON.stringify(writer)};`,
        // What a signal handler sees when it runs: the two targets' contents.
        `process.on('SIGTERM', () => process.stdout.write('handler saw: ' + readFileSync(${JSON.stringify(first)}, 'utf8') + ' ' + readFileSync(${JSON.stringify(second)}, 'utf8') + '\\n'));`,
        `commitTestHooks.betweenRenames = () => process.kill(process.pid, ${JSON.stringify(signal)});`,
        `await writeFilesAtomic([{ path: ${JSON.stringify(first)}, data: 'new glb' }, { path: ${JSON.stringify(second)}, data: 'new report' }]);`,
        `process.stdout.write('returned\\n');`,
      ].join('\n'),
    );
    return { result: spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' }), glb: first, report: second };
  };
  /** The temporary files and journals left in the folder. */
  const leftovers = async () => (await readdir(folder)).filter((name) => /\.tmp$|\.journal$/.test(name));

  it('SIGTERM sent between the renames is handled after both: its handler sees both new files, and the write returns', async () => {
    const { result, glb, report } = await writeTwoWithSignal('SIGTERM');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout, 'the handler ran after the commit, never between the renames').toContain('handler saw: new glb new report\n');
    expect(result.stdout, 'and the write returned').toContain('returned\n');
    expect(await readFile(glb, 'utf8'), 'the GLB is new').toBe('new glb');
    expect(await readFile(report, 'utf8'), 'the report is new').toBe('new report');
    expect(await leftovers(), 'no temporary file, no journal').toEqual([]);
  });

  it('SIGKILL between the renames leaves a journal; the next run completes the commit and names the file it completed', async () => {
    const { result, glb, report } = await writeTwoWithSignal('SIGKILL');
    expect(result.signal, 'killed').toBe('SIGKILL');
    expect(await readFile(glb, 'utf8'), 'killed after the first rename').toBe('new glb');
    expect(await readFile(report, 'utf8'), 'and before the second').toBe('old report');
    expect((await readdir(folder)).filter((name) => name.endsWith('.journal')).length, 'the journal of the commit').toBe(1);
    const done = recoverInterruptedWrites([glb, report]);
    expect(done, 'says what it completed').toEqual([
      expect.stringMatching(
        new RegExp(`^completed the commit of a run killed while writing its outputs: ${report.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} now holds`),
      ),
    ]);
    expect(await readFile(report, 'utf8'), 'the report is the killed run’s, as its GLB is').toBe('new report');
    expect(await leftovers(), 'nothing left').toEqual([]);
  });

  it('removes, naming them, the temporary files of killed writers of these targets; keeps a live writer’s and other files’', async () => {
    const target = path.join(folder, 'frames.json');
    const script = path.join(folder, 'killed.mts');
    await writeFile(
      script,
      `import { openAtomicFile } from ${JSON.stringify(writer)};\nconst f = await openAtomicFile(${JSON.stringify(target)});\nawait f.write('partial');\nprocess.kill(process.pid, 'SIGKILL');\n`,
    );
    const killed = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
    expect(killed.signal, 'the writer was killed').toBe('SIGKILL');
    const orphan = (await readdir(folder)).find((name) => name.startsWith('.frames.json.') && name.endsWith('.tmp'));
    expect(orphan, 'SIGKILL leaves the temporary file (no exit hook runs)').toBeDefined();
    const live = path.join(folder, `.frames.json.${process.pid}.abcdef012345.tmp`);
    const unrelated = path.join(folder, '.other.json.1.abcdef012345.tmp');
    const probe = path.join(folder, `.overlap-probe.${killed.pid}.abcdef012345.tmp`);
    await writeFile(live, 'being written by this process');
    await writeFile(unrelated, 'not one of the targets');
    await writeFile(probe, '');
    expect(recoverInterruptedWrites([target]).sort(), 'names what it removed: the orphan, and a killed output check’s probe file').toEqual(
      [`removed ${path.join(folder, orphan!)}, a temporary file a killed run left`, `removed ${probe}, a temporary file a killed run left`].sort(),
    );
    expect((await readdir(folder)).sort(), 'the live writer’s and the unrelated file stay').toEqual(
      [path.basename(unrelated), path.basename(live), 'killed.mts'].sort(),
    );
  });

  it('a planted journal that would move anything but a temporary file onto its own target moves nothing', async () => {
    const victim = path.join(folder, 'victim.txt');
    const target = path.join(folder, 'out.glb');
    await writeFile(victim, 'keep me');
    // The journal of a process that has ended (its id runs nothing now).
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(
      path.join(folder, `.overlap-commit.${ended}.abcdef012345.journal`),
      JSON.stringify({ version: 1, renames: [{ from: victim, to: target }] }),
    );
    expect(recoverInterruptedWrites([target]), 'nothing completed').toEqual([]);
    expect(await readFile(victim, 'utf8'), 'the file is where it was').toBe('keep me');
    expect((await readdir(folder)).sort(), 'the journal is removed').toEqual(['victim.txt']);
  });
});
