// `overlap inspect`: the JSON report's counts and bounds against three.js's reading of the same file,
// and bad input through the real binary: `overlap: FILE: problem` on stderr, exit 2, no stack trace.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CorruptCase, writeCorruptCases } from '../../helpers/corruptGltf.ts';
import { threeReference } from '../../helpers/threeGltf.ts';

const bin = fileURLToPath(new URL('../../../bin/overlap.mjs', import.meta.url));
const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });

let folder: string;
let cases: CorruptCase[];
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'overlap-inspect-'));
  cases = await writeCorruptCases(dataFolder, folder);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('overlap inspect', () => {
  it('reports Fox.glb: 1,728 render vertices welded to 290, 576 triangles, skinned, its clips and its bounds', async () => {
    const path = join(dataFolder, 'Fox.glb');
    const result = run('inspect', path, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.meshes, 'one mesh node').toHaveLength(1);
    expect(report.meshes[0], 'mesh entry').toMatchObject({
      name: 'fox',
      renderVertices: 1728,
      weldedVertices: 290,
      triangles: 576,
      boundaryEdges: 0,
      components: 1,
      skinned: true,
      morphTargets: 0,
    });
    const reference = await threeReference(path);
    expect(
      report.clips.map((c: { name: string }) => c.name),
      'clip names',
    ).toEqual(reference.gltf.animations.map((a) => a.name));
    report.clips.forEach((clip: { duration: number; channels: number }, i: number) => {
      expect(clip.duration, `duration of clip ${i}`).toBeCloseTo(reference.gltf.animations[i].duration, 5);
      expect(clip.channels, `channels of clip ${i}`).toBe(reference.gltf.animations[i].tracks.length);
    });
    const rest = [...reference.evaluate(null, 0).values()][0].positions;
    for (let axis = 0; axis < 3; axis++) {
      const values = rest.filter((_, i) => i % 3 === axis);
      expect(report.bbox.min[axis], `bbox min ${axis}`).toBeCloseTo(Math.min(...values), 4);
      expect(report.bbox.max[axis], `bbox max ${axis}`).toBeCloseTo(Math.max(...values), 4);
    }
  });

  it('prints a readable summary without --json', () => {
    const result = run('inspect', join(dataFolder, 'MorphStressTest.gltf'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout, 'mesh line').toMatch(/Main: 1528 render vertices -> \d+ welded/);
    expect(result.stdout, 'clip lines').toMatch(/TheWave: [\d.]+ s, 1 channels/);
  });

  it('refuses bad files with `overlap: FILE: problem` on stderr, exit 2, and no stack trace', () => {
    const chosen = [
      'a GLB cut in half',
      'a GLB with the wrong magic',
      'a missing external buffer',
      'an index out of range',
      'a NaN position',
      'an unsupported required extension',
      'a huge declared accessor count',
    ];
    for (const name of chosen) {
      const bad = cases.find((c) => c.name === name)!;
      const result = run('inspect', bad.path, '--json');
      expect(result.status, `${name}: exit code`).toBe(2);
      expect(result.stdout, `${name}: nothing on stdout`).toBe('');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines, `${name}: one line on stderr`).toHaveLength(1);
      expect(lines[0].startsWith(`overlap: ${bad.path}: `), `${name}: names the file: ${lines[0]}`).toBe(true);
      expect(lines[0], `${name}: says what is wrong`).toMatch(bad.message);
    }
  });

  it('refuses a file that does not exist with the I/O exit code', () => {
    const result = run('inspect', join(folder, 'absent.glb'));
    expect(result.status, 'exit code').toBe(3);
    expect(result.stderr, 'message').toBe(`overlap: ${join(folder, 'absent.glb')}: cannot be read: no such file or folder (ENOENT)\n`);
  });
});
