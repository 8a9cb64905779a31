// The signal test of issue 35 (item 1): a bake's GLB and report are committed together. A signal sent between the
// two renames (writeFilesAtomic's test hook, from inside the commit) cannot split them: SIGTERM is handled after the
// commit, the command says both outputs were written and exits 0 (on main: a new GLB, the old report, and exit 4
// saying nothing was written); SIGKILL there leaves the commit's journal, and the next run completes the commit,
// naming the file, before it bakes. No temporary file survives either.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BakeReport } from '../../../app/bake/index.ts';
import { runCli } from '../../helpers/runCli.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;
const driver = new URL('../../helpers/signalBetweenRenames.ts', import.meta.url).pathname;
const args = ['bake', samplePath, '--clip', 'Bounce', '--frames', '0:2', '--set', 'meshes.Blob.latticeResolution=6', '--no-progress'];

describe('a signal between the renames of a bake’s outputs', () => {
  const { folder } = scratchFolder('overlap-commit-');
  const glb = join(folder, 'shot.glb');
  const report = join(folder, 'shot.json');
  const leftovers = () => readdirSync(folder).filter((name) => /\.tmp$|\.journal$/.test(name));
  /** The report describes the GLB on disk: a new pair, not a new GLB with an old report. */
  const consistent = () => {
    const written = JSON.parse(readFileSync(report, 'utf8')) as BakeReport;
    return readFileSync(glb).subarray(0, 4).toString() === 'glTF' && written.outputBytes === statSync(glb).size;
  };

  it('SIGTERM: both outputs are written, the command says so and exits 0; no temporary file', () => {
    writeFileSync(glb, 'old glb');
    writeFileSync(report, '{"old": true}');
    const result = spawnSync(process.execPath, ['--import', 'tsx', driver, 'SIGTERM', ...args, '--out', glb, '--report', report], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(result.stderr, 'the hook sent the signal between the renames').toMatch(/test: sending SIGTERM between the renames/);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr, 'says the signal came during the commit and both were written').toMatch(
      /SIGTERM arrived while the outputs were being committed; the bake is complete and .*shot\.glb and .*shot\.json were written/,
    );
    expect(result.stderr, 'never claims nothing was written').not.toMatch(/nothing was written/);
    expect(consistent(), 'a new GLB with its own report').toBe(true);
    expect(leftovers(), 'no temporary file, no journal').toEqual([]);
  }, 300_000);

  it('SIGKILL: the next run completes the commit from the journal, naming the report, then bakes; nothing left over', async () => {
    writeFileSync(glb, 'old glb');
    writeFileSync(report, '{"old": true}');
    const killed = spawnSync(process.execPath, ['--import', 'tsx', driver, 'SIGKILL', ...args, '--out', glb, '--report', report], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(readFileSync(report, 'utf8'), 'killed between the renames: the old report').toBe('{"old": true}');
    expect(
      leftovers().some((name) => name.endsWith('.journal')),
      'the journal of the cut commit',
    ).toBe(true);
    const next = await runCli(...args, '--out', glb, '--report', report);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr, 'names the file whose commit it completed').toMatch(
      /^overlap: completed the commit of a run killed while writing its outputs: .*shot\.json now holds that run's output/m,
    );
    expect(next.stderr.indexOf('completed the commit'), 'before the bake').toBeLessThan(next.stderr.indexOf('overlap: baking'));
    expect(consistent(), 'a GLB with its own report').toBe(true);
    expect(leftovers(), 'no temporary file, no journal').toEqual([]);
  }, 300_000);
});
