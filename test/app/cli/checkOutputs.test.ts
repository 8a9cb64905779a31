// checkOutputs refuses, before any work, an output that is an input or another output under any name (the same
// path, a symbolic link, a hard link), and outputs that cannot be written (missing folder, a folder, no room).
import { linkSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOutputs } from '../../../app/cli/checkOutputs.ts';
import { CliError, EXIT_IO, EXIT_USAGE } from '../../../app/cli/cliError.ts';

const folder = mkdtempSync(join(tmpdir(), 'overlap-outputs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const input = join(folder, 'in.glb');
writeFileSync(input, 'glb');

async function refusal(inputs: Parameters<typeof checkOutputs>[0], outputs: Parameters<typeof checkOutputs>[1]): Promise<CliError | null> {
  return checkOutputs(inputs, outputs).then(() => null, (error: unknown) => error as CliError);
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
    const twice = await refusal([], [{ what: '--out', path: join(folder, 'new.glb') }, { what: '--report', path: join(folder, 'new.glb') }]);
    expect(twice?.message, 'two outputs, one file').toMatch(/--report is the same file as --out/);
  });

  it('refuses outputs that cannot be written with the I/O code, and leaves no probe file behind', async () => {
    const missing = await refusal([], [{ what: '--out', path: join(folder, 'nope', 'x.json') }]);
    expect([missing?.exitCode, missing?.message], 'missing folder').toEqual([EXIT_IO, `cannot write: the folder ${join(folder, 'nope')} does not exist`]);
    const isFolder = await refusal([], [{ what: '--out', path: folder }]);
    expect(isFolder?.message, 'a folder').toMatch(/--out is a folder/);
    const huge = await refusal([], [{ what: '--out', path: join(folder, 'huge.json'), estimatedBytes: 2 ** 60 }]);
    expect([huge?.exitCode, huge?.message], 'no room').toEqual([EXIT_IO, expect.stringMatching(/about 1073741824\.0 GiB are needed but the disk has [\d.]+ [GM]iB free/)]);
    expect(await refusal([{ what: 'the input', path: input }], [{ what: '--out', path: join(folder, 'fine.glb'), estimatedBytes: 10 }]), 'a fine output').toBeNull();
    expect(readdirSync(folder).filter((name) => name.startsWith('.overlap-probe')), 'no probe file').toEqual([]);
  });
});
