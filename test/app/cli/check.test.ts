// `overlap check` through the real binary: the JSON report against the library on the same frames, the text summary,
// and usage errors as `overlap: FILE: problem`, exit 2.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { sceneIntersections } from '../../../app/intersection/index.ts';

const bin = fileURLToPath(new URL('../../../bin/overlap.mjs', import.meta.url));
const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('overlap check', () => {
  it('reports Fox.glb Walk frame by frame as the library counts it, with the triangles that take part', async () => {
    const path = join(dataFolder, 'Fox.glb');
    const result = run('check', path, '--clip', 'Walk', '--frames', '0:5', '--fps', '24', '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.frames.map((f: { frame: number }) => f.frame), 'frames 0..5').toEqual([0, 1, 2, 3, 4, 5]);
    const scene = await readGltf(readFileSync(path), { fileName: 'Fox.glb' });
    const expected = sceneIntersections(scene, scene.clips.findIndex((c) => c.name === 'Walk'), [0, 1, 2, 3, 4, 5], 24);
    expect(report.frames.map((f: { total: number }) => f.total), 'per-frame totals').toEqual(expected.map((e) => e.total));
    for (const frame of report.frames) {
      const flagged = frame.self[0].triangles.length;
      expect(flagged > 0, `frame ${frame.frame}: triangles listed exactly when there are intersections`).toBe(frame.total > 0);
    }
    expect(report.summary.total, 'summary').toBe(expected.reduce((s, e) => s + e.total, 0));
  });

  it('checks the rest pose without --clip and prints a summary line', () => {
    const result = run('check', join(dataFolder, 'Fox.glb'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout, 'one frame, clean').toMatch(/frame 0 \(t 0\.000 s\): 0 intersections/);
    expect(result.stdout, 'summary').toMatch(/0 of 1 frames intersect/);
  });

  it('refuses an unknown clip and --frames without --clip, naming the problem, exit 2', () => {
    const path = join(dataFolder, 'Fox.glb');
    const clip = run('check', path, '--clip', 'Dance');
    expect(clip.status, 'exit code').toBe(2);
    expect(clip.stderr, 'names the file and the clips').toMatch(/Fox\.glb: no clip named "Dance" \(clips: "Survey", "Walk", "Run"\)/);
    const frames = run('check', path, '--frames', '0:3');
    expect(frames.status, 'exit code').toBe(2);
    expect(frames.stderr, 'says --clip is needed').toMatch(/--frames and --fps need --clip/);
  });
});
