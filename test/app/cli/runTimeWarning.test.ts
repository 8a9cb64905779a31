// One rule for settings the machine cannot finish (issue 35, item 8): a bake estimated at two days only warned, where
// `simulate` refused past a day and the README's exit-code table says exit 2 for "a setting the machine cannot
// finish". Now bake (and its dry run), simulate and embed refuse past MAX_RUN_SECONDS with the estimate, before any
// simulation, and --allow-long runs such a bake anyway.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../app/cli/cliError.ts';
import { LONG_RUN_SECONDS, MAX_RUN_SECONDS, runTimeWarning } from '../../../app/cli/runTimeWarning.ts';
import { runCli } from '../../helpers/runCli.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const bin = new URL('../../../bin/overlap.mjs', import.meta.url).pathname;
const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;
const chain = new URL('../../fixtures/scenes/chain.json', import.meta.url).pathname;
/** The sample at 1000 substeps × 10 000 iterations a frame: about a month by bakeCost, and little memory. */
const monthLong = ['--clip', 'Bounce', '--set', 'meshes.Blob.substeps=1000', '--set', 'meshes.Blob.iterations=10000'];
const refusal =
  /this bake would take about \d+ days \(estimated from its lattices, frames, substeps and iterations\), more than the 24\.0 hours a run may take without --allow-long: lower latticeResolution, substeps or iterations, or bake fewer frames, or give --allow-long to run it anyway/;

describe('runTimeWarning', () => {
  const run = { file: 'shot.glb', what: 'this bake', why: '', lower: 'lower the lattice', allowLong: false };
  it('says nothing below LONG_RUN_SECONDS, announces above it, refuses above MAX_RUN_SECONDS (exit 2) unless allowed', () => {
    expect(runTimeWarning(LONG_RUN_SECONDS - 1, run), 'short: nothing').toBeNull();
    expect(runTimeWarning(LONG_RUN_SECONDS + 60, run), 'long: announced').toBe('this bake is estimated to take about 11 minutes (Ctrl-C cancels)');
    let thrown: unknown = null;
    try {
      runTimeWarning(2 * MAX_RUN_SECONDS, run);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, 'two days: refused').toBeInstanceOf(CliError);
    expect([(thrown as CliError).exitCode, (thrown as CliError).file], 'bad input, naming the file').toEqual([2, 'shot.glb']);
    expect(runTimeWarning(2 * MAX_RUN_SECONDS, { ...run, allowLong: true }), 'allowed: announced').toMatch(/^this bake is estimated to take about 2 days/);
  });
});

describe('a bake estimated past a day', () => {
  const { folder } = scratchFolder('overlap-long-');

  it('is refused before any frame with the estimate and exit 2; its dry run meets the same refusal', async () => {
    const out = join(folder, 'never.glb');
    const started = performance.now();
    const result = await runCli('bake', samplePath, ...monthLong, '--out', out, '--progress', 'json');
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr, 'the estimate, the limit, what to lower, --allow-long').toMatch(refusal);
    expect(result.stdout, 'refused before a frame was simulated').not.toMatch(/"stage":"simulation"/);
    expect(performance.now() - started, 'at once').toBeLessThan(60_000);
    expect(existsSync(out), 'nothing written').toBe(false);
    const dry = await runCli('bake', samplePath, ...monthLong, '--dry-run');
    expect(dry.status, dry.stderr).toBe(2);
    expect(dry.stderr, 'the dry run says the same').toMatch(refusal);
  }, 120_000);

  it('with --allow-long it starts, announced with its estimate (and SIGTERM stops it as any bake)', async () => {
    const child = spawn(process.execPath, [bin, 'bake', samplePath, ...monthLong, '--allow-long', '--out', join(folder, 'long.glb')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let waited = 0; waited < 120_000 && !stderr.includes('estimated to take') && child.exitCode === null; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGTERM');
    expect(stderr, 'announced, not refused').toMatch(/overlap: warning: this bake is estimated to take about \d+ days/);
    expect(await exit, stderr).toBe(4);
  }, 180_000);

  it('simulate says the same of a run past a day, and names --allow-long', async () => {
    const scene = JSON.parse(readFileSync(chain, 'utf8')) as Record<string, unknown>;
    scene.frames = 1e9;
    const path = join(folder, 'huge.json');
    writeFileSync(path, JSON.stringify(scene));
    const result = await runCli('simulate', path, '--out', join(folder, 'never.json'));
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr, 'the estimate and --allow-long').toMatch(
      /this run would take about [\d.]+ (days|years) \(1000000000 frames .*\), more than the 24\.0 hours a run may take without --allow-long: lower frames, substeps or iterations, or give --allow-long/,
    );
  });
});
