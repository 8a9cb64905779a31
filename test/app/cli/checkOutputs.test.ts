// checkOutputs refuses, before any work, an output that is an input or another output under any name (the same
// path, a symbolic link, a hard link), and outputs that cannot be written (missing folder, a folder, no room).
import { chmodSync, linkSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputs } from '../../../app/cli/checkOutputs.ts';
import { CliError, EXIT_IO, EXIT_USAGE } from '../../../app/cli/cliError.ts';
import { runCli } from '../../helpers/runCli.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const { folder } = scratchFolder('overlap-outputs-');
const input = join(folder, 'in.glb');
writeFileSync(input, 'glb');

async function refusal(inputs: Parameters<typeof checkOutputs>[0], outputs: Parameters<typeof checkOutputs>[1]): Promise<CliError | null> {
  return checkOutputs(inputs, outputs).then(
    () => null,
    (error: unknown) => error as CliError,
  );
}

describe('checkOutputs', () => {
  it('refuses an output that is an input or another output, by path, symbolic link or hard link', async () => {
    symlinkSync(input, join(folder, 'soft.glb'));
    linkSync(input, join(folder, 'hard.glb'));
    for (const alias of [input, join(folder, 'soft.glb'), join(folder, 'hard.glb'), join(folder, '.', 'in.glb')]) {
      const error = await refusal([{ what: 'the input', path: input }], [{ what: '--out', path: alias }]);
      expect(error?.exitCode, `${alias}: usage error`).toBe(EXIT_USAGE);
      expect(error?.message, `${alias}: says which`).toMatch(/--out is the same file as the input/);
    }
    const twice = await refusal(
      [],
      [
        { what: '--out', path: join(folder, 'new.glb') },
        { what: '--report', path: join(folder, 'new.glb') },
      ],
    );
    expect(twice?.message, 'two outputs, one file').toMatch(/--report is the same file as --out/);
  });

  it('refuses outputs that cannot be written with the I/O code, and leaves no probe file behind', async () => {
    const missing = await refusal([], [{ what: '--out', path: join(folder, 'nope', 'x.json') }]);
    expect([missing?.exitCode, missing?.message], 'missing folder').toEqual([EXIT_IO, `cannot write: the folder ${join(folder, 'nope')} does not exist`]);
    const isFolder = await refusal([], [{ what: '--out', path: folder }]);
    expect(isFolder?.message, 'a folder').toMatch(/--out is a folder/);
    const huge = await refusal([], [{ what: '--out', path: join(folder, 'huge.json'), estimatedBytes: 2 ** 60 }]);
    expect([huge?.exitCode, huge?.message], 'no room').toEqual([
      EXIT_IO,
      expect.stringMatching(/about 1073741824\.0 GiB are needed but the disk has [\d.]+ [GM]iB free/),
    ]);
    expect(
      await refusal([{ what: 'the input', path: input }], [{ what: '--out', path: join(folder, 'fine.glb'), estimatedBytes: 10 }]),
      'a fine output',
    ).toBeNull();
    expect(
      readdirSync(folder).filter((name) => name.startsWith('.overlap-probe')),
      'no probe file',
    ).toEqual([]);
  });
});

// The checkpoint folder joins the outputs' pre-work check (issue 35, item 6): `--checkpoint D --out
// D/overlap-bake.checkpoint` printed "wrote …" with exit 0 and no file (the finished bake removed its checkpoint,
// which was the output), and an unwritable checkpoint folder was found after the first 14 s of work.
describe('overlap bake --checkpoint: the checkpoint is an output like the others', () => {
  const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;
  const args = ['bake', samplePath, '--clip', 'Bounce', '--frames', '0:2', '--set', 'meshes.Blob.latticeResolution=6', '--no-progress'];

  it('refuses --out or --report that is the checkpoint file, before any work (exit 2)', async () => {
    const checkpoints = join(folder, 'checkpoints');
    for (const [flag, extra] of [
      ['--out', [] as string[]],
      ['--report', ['--out', join(folder, 'fine.glb')]],
    ] as const) {
      const alias = join(checkpoints, 'overlap-bake.checkpoint');
      const result = await runCli(...args, '--checkpoint', checkpoints, ...extra, flag, alias);
      expect(result.status, `${flag}: ${result.stderr}`).toBe(2);
      expect(result.stderr, `${flag}: says which files are one`).toMatch(
        /the checkpoint of --checkpoint .*checkpoints is the same file as --(out|report) \(.*overlap-bake\.checkpoint\); writing it would destroy that file/,
      );
      expect(result.stderr, `${flag}: before the bake`).not.toMatch(/overlap: baking/);
    }
    expect(readdirSync(folder).includes('fine.glb'), 'nothing written').toBe(false);
  });

  it('refuses a checkpoint folder it cannot write to at once (exit 3), not after the first checkpoint', async () => {
    // Root writes anywhere chmod allows; /sys refuses even root.
    const readOnly = process.getuid?.() === 0 ? '/sys' : join(folder, 'read-only');
    if (readOnly !== '/sys') {
      mkdirSync(readOnly);
      chmodSync(readOnly, 0o555);
    }
    const started = performance.now();
    const result = await runCli(...args, '--checkpoint', readOnly, '--out', join(folder, 'never.glb'));
    expect(result.status, result.stderr).toBe(3);
    expect(result.stderr, 'names the checkpoint and why').toMatch(/overlap-bake\.checkpoint: cannot write: (permission denied|the file system is read-only)/);
    expect(result.stderr, 'before the bake').not.toMatch(/overlap: baking/);
    expect(performance.now() - started, 'at once').toBeLessThan(10_000);
  });
});
