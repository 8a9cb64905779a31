// `overlap bake`: bad input is named, a bake writes a valid GLB and the report the issue asks for, two runs give the
// same bytes, --checkpoint and --resume, Ctrl-C and SIGTERM leave nothing behind (exit 4). The backends are tested in
// bakeBackend.test.ts, the farm conventions in bakeFarm.test.ts, hostile input in bakeHostileInput.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BakeReport } from '../../../app/bake/index.ts';
import { samplePath, validatorErrors } from '../bake/bakeTestKit.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';
import { bin, fox, run } from './bakeCli.ts';

describe('overlap bake', () => {
  const { folder } = scratchFolder('overlap-bake-');
  it('SIGTERM with --checkpoint writes the state of the last completed frame; --resume then writes the bytes of a bake that never stopped', async () => {
    const checkpoints = join(folder, 'checkpoints');
    const args = ['--clip', 'Bounce', '--frames', '0:59', '--set', 'meshes.Blob.latticeResolution=8'];
    const whole = join(folder, 'whole.glb');
    const reference = run(samplePath, ...args, '--no-progress', '--out', whole);
    expect(reference.status, reference.stderr).toBe(0);
    const out = join(folder, 'resumed.glb');
    const child = spawn(
      process.execPath,
      [bin, 'bake', samplePath, ...args, '--out', out, '--checkpoint', checkpoints, '--checkpoint-every', '5', '--progress', 'json'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Stop it mid-bake, once it is past its second checkpoint.
    await new Promise<void>((resolve) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const frames = [...text.matchAll(/"stage":"simulation","frame":(\d+)/g)].map((m) => Number(m[1]));
        if (frames.some((f) => f >= 12)) resolve();
      });
    });
    child.kill('SIGTERM');
    expect(await exit, stderr).toBe(4);
    expect(stderr, 'says where to resume from').toMatch(/cancelled by SIGTERM; nothing was written; the checkpoint in .* resumes it \(--resume\)/);
    expect(existsSync(out), 'no output yet').toBe(false);
    expect(existsSync(join(checkpoints, 'overlap-bake.checkpoint')), 'the checkpoint').toBe(true);
    const resumed = run(samplePath, ...args, '--no-progress', '--out', out, '--checkpoint', checkpoints, '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr, 'says it resumed').toMatch(/resumed from the checkpoint at frame index \d+/);
    expect(Buffer.compare(readFileSync(out), readFileSync(whole)), 'the same bytes as the bake that never stopped').toBe(0);
    expect(existsSync(join(checkpoints, 'overlap-bake.checkpoint')), 'the finished bake removes its checkpoint').toBe(false);
    const again = run(samplePath, ...args, '--no-progress', '--out', join(folder, 'fresh.glb'), '--checkpoint', checkpoints, '--resume');
    expect(again.status, 'no checkpoint: bakes from the start').toBe(0);
    const other = run(samplePath, '--clip', 'Bounce', '--frames', '0:59', '--no-progress', '--out', join(folder, 'x.glb'), '--resume');
    expect(other.status, '--resume without --checkpoint').toBe(2);
    // Four bakes of 60 frames and a cancelled one: 35 s at load 8 here, past the suite's 120 s at load 16.
  }, 300_000);

  it('--repair with weight 0 exports the input without its intersections: none left in any frame, each counted in the report', async () => {
    const out = join(folder, 'repaired.glb');
    const reportPath = join(folder, 'repaired.json');
    const result = run(
      fox,
      '--clip',
      'Walk',
      '--frames',
      '0:5',
      '--fps',
      '24',
      '--weights',
      '0',
      '--meters-per-unit',
      '0.01',
      '--repair',
      '--out',
      out,
      '--report',
      reportPath,
      '--no-progress',
    );
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as BakeReport;
    const repair = report.meshes[0].simulation!.repair!;
    expect(repair.removed, 'intersections removed (Fox Walk has 2–35 a frame)').toBeGreaterThan(0);
    expect(repair.remaining, 'none left').toBe(0);
    const { readGltf } = await import('../../../app/io/index.ts');
    const { sceneIntersections } = await import('../../../app/intersection/index.ts');
    const baked = await readGltf(readFileSync(out), { fileName: 'repaired.glb' });
    const frames = sceneIntersections(
      baked,
      baked.clips.findIndex((c) => c.name === 'Walk (baked)'),
      [0, 1, 2, 3, 4, 5],
      24,
    );
    for (const frame of frames) expect(frame.total, `frame ${frame.frame}: intersections in the exported file`).toBe(0);
  });

  it('bad input is a usage error naming the file: unknown clip, bad weight, weights file that does not fit', () => {
    const out = join(folder, 'never.glb');
    const clip = run(fox, '--clip', 'Fly', '--out', out);
    expect(clip.status, clip.stderr).toBe(2);
    expect(clip.stderr, 'names the file and the clips').toMatch(/^overlap: .*Fox\.glb: no clip "Fly" \(clips: "Survey", "Walk", "Run"\)/m);
    const weight = run(fox, '--clip', 'Walk', '--out', out, '--weights', '1.5');
    expect(weight.status, weight.stderr).toBe(2);
    expect(weight.stderr).toMatch(/--weights must be a number in \[0, 1\] \(a uniform weight\), got 1\.5/);
    const weightsFile = join(folder, 'weights.json');
    writeFileSync(weightsFile, JSON.stringify({ weights: [{ mesh: 'fox', values: [0, 1] }] }));
    const mismatch = run(fox, '--clip', 'Walk', '--out', out, '--weights', weightsFile, '--frames', '0:1');
    expect(mismatch.status, mismatch.stderr).toBe(2);
    expect(mismatch.stderr, 'names the weights file').toMatch(
      new RegExp(`^overlap: ${weightsFile}: weights file: mesh "fox" has 290 welded vertices but 2 weights`, 'm'),
    );
    const missing = run(fox, '--clip', 'Walk');
    expect(missing.status, missing.stderr).toBe(2);
    expect(missing.stderr).toMatch(/--out/);
    expect(existsSync(out), 'nothing written').toBe(false);
  });

  it('--weights 1 (pure physics everywhere) bakes: lattice weights stay within [0, 1] despite round-off', async () => {
    const out = join(folder, 'fox-physics.glb');
    const reportPath = join(folder, 'physics.json');
    const result = run(fox, '--clip', 'Walk', '--out', out, '--frames', '0:2', '--weights', '1', '--report', reportPath);
    expect(result.status, result.stderr).toBe(0);
    expect(await validatorErrors(new Uint8Array(readFileSync(out))), 'validator errors').toEqual([]);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as BakeReport;
    // Fox's rig stretches its skin up to 3.6x, beyond the [0.5, 2] rest-stretch clamp, so some rest shapes must be
    // clamped; a report that says 0 was read before the simulation ran.
    expect(report.meshes[0].simulation!.clampedRestTets, 'clamped rest shapes are counted').toBeGreaterThan(0);
  });

  it('bakes: a valid GLB, the report with backend, stage timings, frames, embedding, solver and weight-0 figures; identical bytes twice', async () => {
    const out = join(folder, 'fox-baked.glb');
    const again = join(folder, 'fox-again.glb');
    const reportPath = join(folder, 'report.json');
    const args = ['--clip', 'Walk', '--frames', '0:3', '--weights', '0.3', '--preset', 'jelly', '--report', reportPath];
    const result = run(fox, '--out', out, ...args);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout, 'a summary line').toMatch(/wrote .*fox-baked\.glb/);
    const bytes = new Uint8Array(readFileSync(out));
    expect(await validatorErrors(bytes), 'validator errors').toEqual([]);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as BakeReport;
    expect(report.backend.name, 'backend').toBe('cpu');
    expect(typeof report.backend.adapter, 'adapter').toBe('string');
    for (const stage of ['import', 'weights', 'embedding', 'evaluation', 'fitting', 'simulation', 'transfer', 'export']) {
      expect(report.timings.seconds[stage as keyof BakeReport['timings']['seconds']], `seconds of ${stage}`).toBeGreaterThanOrEqual(0);
    }
    expect(report.frames, 'frames').toMatchObject({ first: 0, last: 3, count: 4 });
    const mesh = report.meshes[0];
    expect(mesh.weightsSource, '--weights 0.3 is a uniform weight').toBe('uniform');
    expect(mesh.weightsRegions!.length, 'the map per joint region').toBeGreaterThan(1);
    expect(
      mesh.weightsRegions!.every((r) => r.min === 0.3 && r.mean === 0.3 && r.max === 0.3),
      'each region of the uniform map at 0.3',
    ).toBe(true);
    expect(mesh.preset, '--preset').toBe('jelly');
    expect(mesh.simulation!.embedding!.cells, 'embedding stats').toBeGreaterThan(0);
    expect(mesh.simulation!.tetCount, 'tets').toBeGreaterThan(0);
    expect(mesh.simulation!.iterations, 'solver iterations').toBeGreaterThan(0);
    expect(Number.isFinite(mesh.simulation!.residualMean), 'residuals').toBe(true);
    expect(mesh.simulation!.weightZeroDeviation, 'weight-0 deviation is reported').toBe(0);
    const second = run(fox, '--out', again, ...args);
    expect(second.status, second.stderr).toBe(0);
    expect(Buffer.compare(readFileSync(out), readFileSync(again)), 'two bakes give identical bytes').toBe(0);
    expect(
      readdirSync(folder).filter((f) => f.endsWith('.tmp')),
      'no temporary files left',
    ).toEqual([]);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} cancels: exit 4, no output written, an existing output file unchanged`, async () => {
      const out = join(folder, `cancelled-${signal}.glb`);
      writeFileSync(out, 'previous contents');
      const child = spawn(process.execPath, [bin, 'bake', fox, '--clip', 'Walk', '--frames', '0:3000', '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await new Promise<void>((resolve) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes('overlap: baking')) setTimeout(() => resolve(), 1500);
        });
      });
      child.kill(signal);
      const code = await exit;
      expect(code, stderr).toBe(4);
      expect(stderr, 'says it was cancelled, by what').toMatch(new RegExp(`cancelled by ${signal}; nothing was written`));
      expect(readFileSync(out, 'utf8'), 'the existing file is untouched').toBe('previous contents');
      expect(
        readdirSync(folder).filter((f) => f.includes(`cancelled-${signal}.glb.`)),
        'no temporary file',
      ).toEqual([]);
    });
  }
});
