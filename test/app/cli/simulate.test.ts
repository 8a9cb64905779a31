import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = new URL('../../../bin/overlap.mjs', import.meta.url).pathname;
const scenes = new URL('../../fixtures/scenes/', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const work = mkdtempSync(join(tmpdir(), 'overlap-simulate-'));

interface Output {
  frames: Array<{ frame: number; time: number; positions: number[] }>;
  stats: Record<string, number>;
}

function simulate(scene: string, ...extra: string[]): { output: Output; scene: { vertices: number[][]; fixed?: number[]; animation?: number[][][] } } {
  const out = join(work, `${scene}.out.json`);
  const result = run('simulate', join(scenes, `${scene}.json`), '--out', out, ...extra);
  expect(result.status, result.stderr).toBe(0);
  return { output: JSON.parse(readFileSync(out, 'utf8')) as Output, scene: JSON.parse(readFileSync(join(scenes, `${scene}.json`), 'utf8')) };
}

describe('overlap simulate', () => {
  it('runs a tet cantilever: every K-th frame plus the last, finite positions, clamped end fixed, tip sagging', () => {
    const { output, scene } = simulate('cantilever', '--every', '7');
    expect(output.frames.map((f) => f.frame), 'frames 7, 14, 21, 28 and the last').toEqual([7, 14, 21, 28, 30]);
    expect(output.frames[4].time, 'time of the last frame').toBeCloseTo(30 / 60, 12);
    const last = output.frames[4].positions;
    expect(last.length, '#V×3').toBe(3 * scene.vertices.length);
    expect(last.every(Number.isFinite), 'finite').toBe(true);
    for (const v of scene.fixed ?? []) expect(last.slice(3 * v, 3 * v + 3), `fixed vertex ${v}`).toEqual(scene.vertices[v]);
    const tip = scene.vertices.map((p, v) => (p[0] > 0.39 ? last[3 * v + 1] - p[1] : 0));
    expect(Math.min(...tip), 'the free end sags').toBeLessThan(-1e-3);
    expect(output.stats.tetCount, 'stats').toBe(24);
    expect(output.stats.totalIterations, 'frames × substeps × iterations').toBe(30 * 2 * 10);
  });

  it('runs a scene with contact: the cloth drapes over the sphere collider, stays above the floor plane, and the stats count the contacts', () => {
    const { output, scene } = simulate('cloth-on-sphere');
    const last = output.frames[output.frames.length - 1].positions;
    expect(last.every(Number.isFinite), 'finite').toBe(true);
    const stats = output.stats as unknown as { contact: { contacts: number; radius: number } };
    expect(stats.contact.contacts, 'contacts found').toBeGreaterThan(0);
    const ys = last.filter((_, k) => k % 3 === 1);
    expect(Math.min(...ys), 'above the floor plane y = −0.2').toBeGreaterThan(-0.2);
    const center = (scene.vertices.length - 1) / 2;
    expect(last[3 * center + 1], 'the centre rests on the sphere (radius 0.2 m) within 2r').toBeGreaterThan(0.2);
    expect(last[3 * center + 1], 'the centre rests on the sphere, within 2r').toBeLessThan(0.2 + 2 * stats.contact.radius + 0.005);
  });

  it('writes only the last frame without --every; cloth hangs from its pinned corners; chain links keep their length', () => {
    const cloth = simulate('cloth');
    expect(cloth.output.frames.map((f) => f.frame), 'only the last').toEqual([30]);
    expect(cloth.output.stats.hingeCount, 'bending hinges built').toBeGreaterThan(0);
    const last = cloth.output.frames[0].positions;
    const lowest = Math.min(...last.filter((_, k) => k % 3 === 1));
    expect(lowest, 'the cloth falls below its corners').toBeLessThan(-0.05);
    const chain = simulate('chain');
    const p = chain.output.frames[0].positions;
    for (let i = 0; i + 1 < chain.scene.vertices.length; i++) {
      const length = Math.hypot(p[3 * i + 3] - p[3 * i], p[3 * i + 4] - p[3 * i + 1], p[3 * i + 5] - p[3 * i + 2]);
      expect(Math.abs(length - 0.1) / 0.1, `link ${i} stretch`).toBeLessThan(0.05);
    }
  });

  it('follows the animation where the blend weight is 0', () => {
    const { output, scene } = simulate('animated-jelly');
    const last = output.frames[0].positions;
    const pose = (scene.animation ?? [])[10];
    scene.vertices.forEach((p, v) => {
      if (p[1] !== 0) return;
      for (let k = 0; k < 3; k++) expect(last[3 * v + k], `pinned vertex ${v}`).toBeCloseTo(pose[v][k], 12);
    });
  });

  it('rejects malformed scenes with `overlap: SCENE.json: problem` and exit 2', () => {
    const good = JSON.parse(readFileSync(join(scenes, 'chain.json'), 'utf8')) as Record<string, unknown>;
    // the full list of malformed inputs is in test/app/solvers/vbd/vbdSceneFromJson.test.ts; here the CLI plumbing
    const cases: Array<[string, unknown, RegExp]> = [['bad-index', { ...good, edges: [[0, 1], [1, 99]] }, /"edges\[1\]" uses vertex 99, but there are 8 vertices/]];
    for (const [name, scene, message] of cases) {
      const file = join(work, `${name}.json`);
      writeFileSync(file, JSON.stringify(scene));
      const result = run('simulate', file, '--out', join(work, 'never.json'));
      expect(result.status, `${name}: exit code`).toBe(2);
      expect(result.stderr.trim(), name).toMatch(new RegExp(`^overlap: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
      expect(result.stderr, name).toMatch(message);
    }
    const inverted = run('simulate', join(scenes, 'inverted-tet.json'), '--out', join(work, 'never.json'));
    expect(inverted.status, 'inverted tet exit code').toBe(2);
    expect(inverted.stderr, 'inverted tet').toMatch(/inverted-tet\.json: tetrahedron 0 \(0 1 2 3\) is inverted/);
    const notJson = join(work, 'broken.json');
    writeFileSync(notJson, '{ "vertices": [');
    expect(run('simulate', notJson, '--out', join(work, 'never.json')).stderr, 'invalid JSON').toMatch(/broken\.json: not valid JSON/);
  });
});
