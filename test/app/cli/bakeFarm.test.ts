// `overlap bake` and the farm conventions: --progress alf/openjd/json lines, --set overrides, --dry-run, and the exit
// codes of docs/farm.md (0, 2, 3, 4; 5 is produced by a simulation that blows up, tested in bakedDocument).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BakeReport } from '../../../app/bake/index.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';
import { fox, run } from './bakeCli.ts';

describe('overlap bake', () => {
  const { folder } = scratchFolder('overlap-bake-');
  /** A short, coarse bake of Fox's Walk (lattice 6) to `folder/name` reporting its progress in `format`. */
  const progressBake = (frames: string, name: string, format: string) =>
    run(fox, '--clip', 'Walk', '--frames', frames, '--out', join(folder, name), '--progress', format, '--set', 'meshes.fox.latticeResolution=6');

  it('--progress alf: one `ALF_PROGRESS n%` line per simulated frame on stdout, increasing, then 100%', () => {
    const result = progressBake('0:5', 'alf.glb', 'alf');
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('ALF_PROGRESS'));
    expect(
      lines.every((line) => /^ALF_PROGRESS \d{1,3}%$/.test(line)),
      `the format Deadline parses: ${lines.join(' | ')}`,
    ).toBe(true);
    expect(lines.length, 'six frames, then 100%').toBe(7);
    const percents = lines.map((line) => Number(/(\d+)%/.exec(line)![1]));
    expect(
      percents.every((p, i) => i === 0 || p >= percents[i - 1]),
      `never decreasing: ${percents.join(', ')}`,
    ).toBe(true);
    expect(percents.at(-1), 'ends at 100%').toBe(100);
    expect(
      percents.slice(0, -1).every((p) => p < 100),
      '100% only once the file is written',
    ).toBe(true);
  });

  it('--progress openjd: `openjd_progress: n` per frame and `openjd_status:` per stage; a failure prints `openjd_fail:`', () => {
    const result = progressBake('0:3', 'openjd.glb', 'openjd');
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('openjd_'));
    const progress = lines.filter((line) => line.startsWith('openjd_progress: '));
    expect(
      progress.every((line) => /^openjd_progress: \d{1,3}$/.test(line)),
      progress.join(' | '),
    ).toBe(true);
    expect(progress.length, 'four frames, then 100').toBe(5);
    expect(progress.at(-1), 'done').toBe('openjd_progress: 100');
    expect(
      lines.filter((line) => line.startsWith('openjd_status: ')),
      'a status per stage',
    ).toEqual(expect.arrayContaining(['openjd_status: simulating 4 frames', 'openjd_status: exporting']));
    const failed = run(fox, '--clip', 'Fly', '--out', join(folder, 'never.glb'), '--progress', 'openjd');
    expect(failed.status, failed.stderr).toBe(2);
    expect(failed.stdout, 'the failure, for the farm').toMatch(/^openjd_fail: .*Fox\.glb: no clip "Fly"/m);
  });

  it('--progress json: one JSON object per line with stage, frame, frame count and ETA, then a done line', () => {
    const result = progressBake('0:2', 'json.glb', 'json');
    expect(result.status, result.stderr).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const frames = events.filter((e) => e.event === 'progress' && e.stage === 'simulation');
    expect(
      frames.map((e) => e.frame),
      'one line per simulated frame',
    ).toEqual([1, 2, 3]);
    expect(
      frames.every((e) => e.frameCount === 3 && typeof e.etaSeconds === 'number' && typeof e.percent === 'number'),
      'frame count, ETA, percent',
    ).toBe(true);
    expect(events.at(-1)!.event, 'the last line says done').toBe('done');
    expect(events.at(-1)!.output, 'and names the output').toBe(join(folder, 'json.glb'));
  });

  it('without --progress and with stderr not a terminal, no progress bar is drawn', () => {
    const result = run(fox, '--clip', 'Walk', '--frames', '0:1', '--out', join(folder, 'quiet.glb'), '--set', 'meshes.fox.latticeResolution=6');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr, 'no bar').not.toMatch(/bake \|/);
    expect(result.stdout, 'no machine lines').not.toMatch(/ALF_PROGRESS|openjd_/);
  });

  it('--set overrides the project file and the flags, per bake and per mesh; an unknown key is a usage error', async () => {
    const project = join(folder, 'project.json');
    writeFileSync(
      project,
      JSON.stringify({
        format: 'overlap-project',
        version: 1,
        source: 'Fox.glb',
        meshes: [{ mesh: 'fox', role: 'simulated', preset: 'jelly', latticeResolution: 10 }],
        weights: [],
        handles: [],
        bake: { clip: 'Walk', fps: 24, frames: [0, 3], preroll: 0, loop: false, mode: 'corrective', backend: 'cpu', selfContact: false },
      }),
    );
    const reportPath = join(folder, 'set-report.json');
    const result = run(
      fox,
      '--project',
      project,
      '--out',
      join(folder, 'set.glb'),
      '--fps',
      '30',
      '--set',
      'fps=12',
      '--set',
      'bake.frames=0:2',
      '--set',
      'meshes.fox.latticeResolution=6',
      '--set',
      'meshes.fox.material.youngsModulus=50000',
      '--set',
      'meshes.*.iterations=3',
      '--set',
      'meshes.*.latticeResolution=20',
      '--report',
      reportPath,
    );
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as BakeReport;
    expect(report.fps, '--set fps beats --fps and the project').toBe(12);
    expect(report.frames, '--set bake.frames beats the project').toMatchObject({ first: 0, last: 2 });
    expect(report.meshes[0].latticeResolution, 'per mesh, and a named mesh beats meshes.*').toBe(6);
    expect(report.meshes[0].iterations, 'meshes.* sets every mesh').toBe(3);
    expect(report.meshes[0].preset, 'what --set leaves alone comes from the project').toBe('jelly');
    expect((report.meshes[0].material as { youngsModulus: number }).youngsModulus, 'a material parameter').toBe(50000);
    const unknown = run(fox, '--clip', 'Walk', '--out', join(folder, 'never.glb'), '--set', 'fsp=12');
    expect(unknown.status, unknown.stderr).toBe(2);
    expect(unknown.stderr, 'names the key and lists the settable ones').toMatch(/--set fsp=12: unknown setting "fsp" \(settable: clip, fps, frames/);
    const badValue = run(fox, '--clip', 'Walk', '--out', join(folder, 'never.glb'), '--set', 'maxShapes=many');
    expect(badValue.status, badValue.stderr).toBe(2);
    expect(badValue.stderr).toMatch(/--set maxShapes=many: "many" is not a number/);
  });

  it('--dry-run prints the resolved settings, the frame plan and an estimate, and writes nothing', () => {
    const result = run(fox, '--clip', 'Walk', '--dry-run', '--loop', '--set', 'mode=bones', '--set', 'meshes.fox.latticeResolution=6');
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      settings: Record<string, unknown>;
      plan: Record<string, number>;
      estimate: { seconds: number; secondsPerFrame: number };
    };
    expect(summary.settings.mode, 'settings, with --set applied').toBe('bones');
    expect((summary.settings.meshes as Array<{ latticeResolution: number }>)[0].latticeResolution, 'per mesh').toBe(6);
    expect(summary.plan, 'the frame plan: the whole Walk clip, a pre-roll cycle for the loop').toMatchObject({
      firstFrame: 0,
      lastFrame: 17,
      bakedFrames: 18,
      prerollFrames: 17,
      simulatedFrames: 35,
      fps: 24,
    });
    expect(summary.estimate.secondsPerFrame, 'timed').toBeGreaterThan(0);
    expect(summary.estimate.seconds, 'at least the frames at that rate').toBeGreaterThanOrEqual(35 * summary.estimate.secondsPerFrame);
    const bad = run(fox, '--clip', 'Walk', '--dry-run', '--frames', '5:2');
    expect(bad.status, 'a dry run meets the same errors as the bake').toBe(2);
  });

  it('an output that cannot be written is an I/O error: exit 3, naming the file', () => {
    const out = join(folder, 'no-such-folder', 'out.glb');
    const result = run(fox, '--clip', 'Walk', '--frames', '0:1', '--out', out, '--set', 'meshes.fox.latticeResolution=6');
    expect(result.status, result.stderr).toBe(3);
    expect(result.stderr, 'names the output and what is wrong').toMatch(new RegExp(`^overlap: ${out}: cannot write: the folder .* does not exist`, 'm'));
  });
});
