// `overlap embed`: a JSON mesh and a glTF file (largest skinned mesh, or --mesh) are written as the
// documented JSON (lattice vertices, tets, surface, one { tet, bary } per surface vertex, stats) whose
// embedding reproduces the surface; bad input exits 2 naming the file and the problem.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/runCli.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import { uvSphere } from '../embedding/meshes.ts';

const bin = fileURLToPath(new URL('../../../bin/overlap.mjs', import.meta.url));
const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });

interface EmbedOutput {
  mesh?: string;
  vertices: number[][];
  tetrahedra: number[][];
  surface: number[];
  embedding: { tet: number; bary: number[] }[];
  stats: { seconds: number; cells: number; duplicatedCells: number };
}

/** Largest |Σ bary·vertex − surface| over surface vertices. */
function reconstructionError(out: EmbedOutput): number {
  let worst = 0;
  out.embedding.forEach(({ tet, bary }, s) => {
    for (let a = 0; a < 3; a++) {
      const x = bary.reduce((sum, b, k) => sum + b * out.vertices[out.tetrahedra[tet][k]][a], 0);
      worst = Math.max(worst, Math.abs(x - out.surface[3 * s + a]));
    }
  });
  return worst;
}

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'overlap-embed-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('overlap embed', () => {
  it('embeds a JSON mesh: surface is its vertices in order, every vertex embedded', () => {
    const sphere = uvSphere([0, 0, 0], 1, 8, 12);
    const vertices = Array.from({ length: sphere.positions.length / 3 }, (_, v) => Array.from(sphere.positions.subarray(3 * v, 3 * v + 3)));
    const triangles = Array.from({ length: sphere.triangles.length / 3 }, (_, t) => Array.from(sphere.triangles.subarray(3 * t, 3 * t + 3)));
    const input = join(folder, 'sphere.json');
    const output = join(folder, 'sphere.embed.json');
    writeFileSync(input, JSON.stringify({ vertices, triangles }));
    const result = run('embed', input, '--resolution', '6', '--out', output);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(readFileSync(output, 'utf8')) as EmbedOutput;
    expect(out.surface, 'surface = input vertices in order').toEqual(vertices.flat());
    expect(out.embedding, 'one entry per surface vertex').toHaveLength(vertices.length);
    expect(out.tetrahedra.length, 'five tets per cell').toBe(5 * out.stats.cells);
    for (const { bary } of out.embedding) {
      expect(Math.abs(bary.reduce((a, b) => a + b, 0) - 1), 'barycentrics sum to 1').toBeLessThan(1e-9);
      for (const b of bary) expect(b, 'barycentric in [0, 1]').toBeGreaterThanOrEqual(0);
    }
    expect(reconstructionError(out), 'rest reconstruction').toBeLessThan(1e-9);
    expect(typeof out.stats.seconds, 'stats.seconds').toBe('number');
    expect(typeof out.stats.duplicatedCells, 'stats.duplicatedCells').toBe('number');
  });

  it('embeds the largest skinned mesh of Fox.glb with its welded rest positions as the surface', async () => {
    const path = join(dataFolder, 'Fox.glb');
    const output = join(folder, 'fox.json');
    const result = run('embed', path, '--resolution', '12', '--out', output);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(readFileSync(output, 'utf8')) as EmbedOutput;
    const scene = await readGltfFile(path);
    const fox = scene.meshes.find((m) => m.name === out.mesh)!;
    expect(fox.skinned, 'a skinned mesh was chosen').toBe(true);
    expect(out.surface, 'welded rest positions in welded order').toEqual(Array.from(fox.topology.positions));
    expect(out.embedding, 'one entry per welded vertex').toHaveLength(fox.topology.vertexCount);
    expect(reconstructionError(out), 'rest reconstruction').toBeLessThan(1e-6);
  });

  it('embeds the --mesh named in a multi-mesh file and picks a resolution for --target-tets', () => {
    const path = join(dataFolder, 'MorphStressTest.gltf');
    const output = join(folder, 'morph.json');
    const result = run('embed', path, '--mesh', 'Main', '--target-tets', '4000', '--out', output);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(readFileSync(output, 'utf8')) as EmbedOutput;
    expect(out.mesh, 'mesh').toBe('Main');
    expect(out.tetrahedra.length, 'near the target').toBeGreaterThan(4000 / 2);
    expect(out.tetrahedra.length, 'near the target').toBeLessThan(4000 * 2);
  });

  it('keeps the overlapping shells of the sample creature apart unless --join-parts is given', () => {
    const sample = fileURLToPath(new URL('../../../assets/sample.glb', import.meta.url));
    const apartFile = join(folder, 'apart.json');
    const joinedFile = join(folder, 'joined.json');
    const apart = run('embed', sample, '--resolution', '10', '--out', apartFile);
    expect(apart.status, apart.stderr).toBe(0);
    const joined = run('embed', sample, '--resolution', '10', '--join-parts', '--out', joinedFile);
    expect(joined.status, joined.stderr).toBe(0);
    const pieces = (file: string): number => (JSON.parse(readFileSync(file, 'utf8')) as { stats: { pieces: number } }).stats.pieces;
    expect(pieces(apartFile), 'body, arms, ears and eyes apart').toBe(7);
    expect(pieces(joinedFile), 'welded where they overlap (shallow overlaps at this coarse resolution stay apart)').toBeLessThan(pieces(apartFile));
  });

  it('exits 2 with the file and the problem for bad input', () => {
    const bad = join(folder, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        vertices: [
          [0, 0, 0],
          [1, 0, 0],
          [0, 1, 0],
        ],
        triangles: [[0, 1, 5]],
      }),
    );
    const out = join(folder, 'never.json');
    const index = run('embed', bad, '--out', out);
    expect(index.status, index.stderr).toBe(2);
    expect(index.stderr, 'names file and triangle').toMatch(/^overlap: .*bad\.json: triangles\[0\] must be \[a, b, c\] with vertex indices in 0\.\.2/m);
    const missing = run('embed', join(folder, 'missing.glb'), '--out', out);
    expect(missing.status, `a missing input is an I/O error: ${missing.stderr}`).toBe(3);
    expect(missing.stderr, 'missing file').toMatch(/missing\.glb: cannot be read: no such file/);
    const mesh = run('embed', join(dataFolder, 'Fox.glb'), '--mesh', 'Nope', '--out', out);
    expect(mesh.status, mesh.stderr).toBe(2);
    expect(mesh.stderr, 'lists the meshes').toMatch(/no mesh named "Nope" \(meshes: "fox"\)/);
    const resolution = run('embed', bad, '--resolution', 'ten', '--out', out);
    expect(resolution.status, resolution.stderr).toBe(2);
    expect(resolution.stderr, 'resolution').toMatch(/--resolution must be a whole number/);
    const noOut = run('embed', bad);
    expect(noOut.status, 'missing --out').toBe(2);
  });
});

describe('overlap embed within what the machine can do', () => {
  it('refuses a resolution it cannot finish with the estimate, at once, instead of running for hours', async () => {
    const sample = fileURLToPath(new URL('../../../assets/sample.glb', import.meta.url));
    const started = performance.now();
    const result = await runCli('embed', sample, '--resolution', '400', '--out', join(tmpdir(), 'overlap-never-embedded.json'));
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr, 'the estimate').toMatch(/this embedding would keep about \d+ cells: about .* and [\d.]+ GiB/);
    expect(performance.now() - started, 'refused at once').toBeLessThan(5000);
  });
});
