// `overlap arap`: JSON and glTF meshes, translation and matrix handles, plane colliders, --reduced and --volume; the
// output is in the input's vertex order with handles on their targets and nothing below a plane; bad handle files
// exit 2 naming the file and the problem.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intersectionChecker } from '../../../app/intersection/index.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import { bar } from '../solvers/arap/meshes.ts';

const bin = fileURLToPath(new URL('../../../bin/overlap.mjs', import.meta.url));
const fox = fileURLToPath(new URL('../../../../shared/data/Fox.glb', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });

interface Output {
  positions: number[];
  stats: { solver: string; mode: string; iterations: number; intersections: number; handleError: number; energy: number };
}

let folder: string;
const b = bar([2, 2, 8]);
let meshFile: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'overlap-arap-'));
  meshFile = join(folder, 'bar.json');
  const vertices = Array.from({ length: b.positions.length / 3 }, (_, v) => Array.from(b.positions.subarray(3 * v, 3 * v + 3)));
  const triangles = Array.from({ length: b.triangles.length / 3 }, (_, t) => Array.from(b.triangles.subarray(3 * t, 3 * t + 3)));
  writeFileSync(meshFile, JSON.stringify({ vertices, triangles }));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function handlesFile(name: string, json: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(json));
  return path;
}

describe('overlap arap', () => {
  it('moves translation handles of a JSON mesh onto their targets, in the input vertex order', () => {
    const handles = handlesFile('h.json', {
      handles: [
        { vertices: b.bottom, translation: [0, 0, 0] },
        { vertices: b.top, translation: [0.3, 0, 0] },
      ],
    });
    const out = join(folder, 'out.json');
    const result = run('arap', meshFile, '--handles', handles, '--out', out, '--iterations', '60');
    expect(result.status, result.stderr).toBe(0);
    const output = JSON.parse(readFileSync(out, 'utf8')) as Output;
    expect(output.positions, 'one position per input vertex').toHaveLength(b.positions.length);
    for (const v of b.top) expect(output.positions[3 * v], `top vertex ${v} x`).toBeCloseTo(b.positions[3 * v] + 0.3, 9);
    for (const v of b.bottom) expect(output.positions[3 * v], `bottom vertex ${v} x`).toBeCloseTo(b.positions[3 * v], 9);
    expect(output.stats.solver, 'stats.solver').toBe('full');
    expect(output.stats.energy, 'the bend costs energy').toBeGreaterThan(0);
  });

  it("edits Fox's tail against a floor plane (surface, --volume --reduced, --self-contact): nothing below the floor, nothing through itself", async () => {
    const scene = await readGltfFile(fox);
    const p = scene.meshes[0].topology.positions;
    const n = p.length / 3;
    const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => p[3 * x + 2] - p[3 * y + 2]);
    let floor = Infinity;
    for (let v = 0; v < n; v++) floor = Math.min(floor, p[3 * v + 1]);
    // Tail tip dragged 40 units down, into the floor; the head held.
    const handles = handlesFile('fox.json', {
      handles: [
        { vertices: order.slice(n - 40), translation: [0, 0, 0] },
        { vertices: order.slice(0, 12), matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -40, 0, 1] },
      ],
      colliders: [{ plane: { normal: [0, 1, 0], offset: floor } }],
    });
    const checker = intersectionChecker([{ name: 'fox', triangles: scene.meshes[0].topology.triangles, vertexCount: n }]);
    for (const flags of [[], ['--volume', '--reduced'], ['--self-contact']]) {
      const out = join(folder, 'fox.out.json');
      const result = run('arap', fox, '--mesh', 'fox', '--handles', handles, '--out', out, '--iterations', '40', ...flags);
      expect(result.status, `${flags.join(' ')}: ${result.stderr}`).toBe(0);
      const output = JSON.parse(readFileSync(out, 'utf8')) as Output;
      expect(output.positions, 'welded vertex order').toHaveLength(3 * n);
      let lowest = Infinity;
      for (let v = 0; v < n; v++) lowest = Math.min(lowest, output.positions[3 * v + 1]);
      expect(lowest, `${flags.join(' ') || 'surface'}: lowest vertex vs the floor`).toBeGreaterThanOrEqual(floor);
      expect(output.stats.intersections, 'stats.intersections').toBe(0);
      let tipDrop = 0;
      for (const v of order.slice(0, 12)) tipDrop = Math.max(tipDrop, p[3 * v + 1] - output.positions[3 * v + 1]);
      expect(tipDrop, 'the tail still went down, to the floor').toBeGreaterThan(5);
      if (flags.includes('--self-contact')) expect(checker.check([output.positions]).total, 'edge–triangle intersections (Fox has none at rest)').toBe(0);
    }
  });

  it('exits 2 naming the file and the problem for a handle with an unknown vertex (the other cases: arapHandlesFromJson.test.ts)', () => {
    const path = handlesFile('bad.json', { handles: [{ vertices: [0, 9999], translation: [0, 0, 1] }] });
    const result = run('arap', meshFile, '--handles', path, '--out', join(folder, 'never.json'));
    expect(result.status, 'exit code').toBe(2);
    expect(result.stderr, 'names the file').toContain(`overlap: ${path}: `);
    expect(result.stderr, 'names the problem').toMatch(/handles\[0\]\.vertices\[1\]: 9999 is not a vertex/);
  });

  it('exits 2 for a handles file that is not JSON', () => {
    const path = join(folder, 'broken.json');
    writeFileSync(path, '{ handles: ');
    const result = run('arap', meshFile, '--handles', path, '--out', join(folder, 'never.json'));
    expect(result.status, 'exit code').toBe(2);
    expect(result.stderr, 'message').toMatch(/not valid JSON/);
  });
});
