// latticeEmbedding: every surface vertex of generated and real meshes gets a containing tet with
// barycentrics in [0, 1] summing to 1 and reproducing its rest position; parts closer than a cell (two
// spheres, fingers) end up in separate lattice pieces; inside is filled for closed and open surfaces;
// bad input is refused with a message.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { latticeEmbedding } from '../../../app/embedding/index.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import { embeddingProblems, latticeComponents, latticeVerticesOf, tetVolume } from './helpers.ts';
import { axisAngle, mergeMeshes, openCylinder, transformed, uvSphere, voxelHand, type TestMesh } from './meshes.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const sampleFile = fileURLToPath(new URL('../../../assets/sample.glb', import.meta.url));

/** A sphere whose top cap is pushed down through its bottom: one self-intersecting component. */
function pushedThroughSphere(): TestMesh {
  const sphere = uvSphere([0, 0, 0], 1, 16, 24);
  const positions = Float64Array.from(sphere.positions);
  for (let v = 0; v < positions.length / 3; v++) if (positions[3 * v + 1] > 0.5) positions[3 * v + 1] -= 2.2;
  return { positions, triangles: sphere.triangles };
}

/** Every triangle with its own three vertices (a soup). */
function soupOf(mesh: TestMesh): TestMesh {
  const positions: number[] = [];
  for (const v of mesh.triangles) positions.push(mesh.positions[3 * v], mesh.positions[3 * v + 1], mesh.positions[3 * v + 2]);
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from({ length: mesh.triangles.length }, (_, i) => i) };
}

const generated: [string, TestMesh][] = [
  ['sphere', uvSphere([0.1, 0.2, -0.3], 1, 12, 16)],
  ['two spheres', mergeMeshes(uvSphere([0, 0, 0], 1, 12, 16), uvSphere([2.1, 0.3, 0], 1, 12, 16))],
  ['hand', { ...voxelHand(), positions: transformed(voxelHand().positions, axisAngle([1, 2, 3], 0.4), [0, 0, 0]) }],
  ['open cylinder', openCylinder(0.5, 2)],
  ['self-intersecting sphere', pushedThroughSphere()],
  ['overlapping spheres', mergeMeshes(uvSphere([0, 0, 0], 1, 12, 16), uvSphere([0.9, 0.2, 0.1], 0.8, 12, 16))],
  ['triangle soup', soupOf(uvSphere([0, 0, 0], 1, 10, 12))],
  [
    'isolated vertices and degenerate triangles',
    (() => {
      const sphere = uvSphere([0, 0, 0], 1, 8, 10);
      const positions = Float64Array.from([...sphere.positions, 0.1, 0.2, 0.3, 3, 3, 3]);
      // Two vertices no triangle uses (one inside, one far outside), a sliver (0, 0, 1) and a point (2, 2, 2).
      return { positions, triangles: Uint32Array.from([...sphere.triangles, 0, 0, 1, 2, 2, 2]) };
    })(),
  ],
];

describe('latticeEmbedding', () => {
  for (const [name, mesh] of generated) {
    it(`embeds every vertex of a ${name} exactly, at resolutions 4, 13 and 27`, () => {
      for (const resolution of [4, 13, 27]) {
        const embedding = latticeEmbedding(mesh.positions, mesh.triangles, { resolution });
        expect(embeddingProblems(embedding, mesh.positions), `${name} at ${resolution}`).toEqual([]);
        expect(embedding.tetCount, 'five tets per cell').toBe(5 * embedding.stats.cells);
      }
    });
  }

  it('embeds every mesh of every file in ../shared/data and the sample', async () => {
    const files = readdirSync(dataFolder)
      .filter((f) => /\.(glb|gltf)$/i.test(f))
      .map((f) => dataFolder + f);
    files.push(sampleFile);
    expect(files.length, 'data files found').toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const scene = await readGltfFile(file);
      expect(scene.meshes.length, `${file} has meshes`).toBeGreaterThan(0);
      for (const mesh of scene.meshes) {
        for (const resolution of [8, 24]) {
          const { positions, triangles } = mesh.topology;
          const embedding = latticeEmbedding(positions, triangles, { resolution });
          expect(embeddingProblems(embedding, positions), `${file} mesh "${mesh.name}" at ${resolution}`).toEqual([]);
        }
      }
    }
  });

  it('keeps two spheres closer than one cell in separate lattice pieces (moving one cannot move the other)', () => {
    for (const gap of [0.3, 0.7]) {
      const a = uvSphere([0, 0, 0], 1, 20, 28);
      const b = uvSphere([2 + gap * 0.25, 0, 0], 1, 20, 28);
      const both = mergeMeshes(a, b);
      const positions = transformed(both.positions, axisAngle([0.3, 1, 0.2], 0.7), [0.05, 0, 0]);
      // Longest side ≈ 4.1 + gap/4; resolution 16 gives a cell of ≈ 0.26, four times the gap/4 spacing... and
      // the gap itself (gap·0.25) is `gap` cells wide at most.
      const embedding = latticeEmbedding(positions, both.triangles, { resolution: 16 });
      expect(embedding.cellSize, 'the spheres are closer than one cell').toBeGreaterThan(gap * 0.25);
      expect(embeddingProblems(embedding, positions), 'embedding').toEqual([]);
      const countA = a.positions.length / 3;
      const verticesA = latticeVerticesOf(
        embedding,
        Array.from({ length: countA }, (_, i) => i),
      );
      const verticesB = latticeVerticesOf(
        embedding,
        Array.from({ length: b.positions.length / 3 }, (_, i) => countA + i),
      );
      const shared = [...verticesA].filter((v) => verticesB.has(v));
      expect(shared.length, `gap ${gap}: lattice vertices shared by the spheres' tets`).toBe(0);
      const component = latticeComponents(embedding);
      const componentsA = new Set([...verticesA].map((v) => component[v]));
      const componentsB = new Set([...verticesB].map((v) => component[v]));
      expect(
        [...componentsA].filter((c) => componentsB.has(c)),
        `gap ${gap}: no lattice piece holds both`,
      ).toEqual([]);
      // Not vacuous: some grid cell holds surface of both spheres, so it had to be duplicated.
      const cellsA = new Set([...Array(countA).keys()].map((s) => embedding.tetCell[embedding.surfaceTet[s]]));
      const sharedCells = [...Array(b.positions.length / 3).keys()].filter((s) => cellsA.has(embedding.tetCell[embedding.surfaceTet[countA + s]]));
      expect(sharedCells.length, `gap ${gap}: cells holding both spheres`).toBeGreaterThan(0);
      expect(embedding.stats.duplicatedCells, `gap ${gap}: duplicated cells`).toBeGreaterThan(0);
    }
  });

  it('does not glue the fingers of a hand whose gaps are narrower than a cell', () => {
    const hand = voxelHand();
    const positions = transformed(hand.positions, axisAngle([1, 2, 3], 0.4), [0, 0, 0]);
    const embedding = latticeEmbedding(positions, hand.triangles, { resolution: 10 });
    expect(embedding.cellSize, 'gap (1 cm) narrower than a cell').toBeGreaterThan(0.01);
    const tips = (finger: number): number[] =>
      [...Array(hand.finger.length).keys()].filter((v) => hand.finger[v] === finger && hand.positions[3 * v + 1] >= 0.09);
    for (let f = 0; f < 3; f++) {
      const here = latticeVerticesOf(embedding, tips(f));
      const next = latticeVerticesOf(embedding, tips(f + 1));
      expect([...here].filter((v) => next.has(v)).length, `fingers ${f} and ${f + 1} share lattice vertices`).toBe(0);
    }
  });

  it('keeps overlapping separate parts apart by default, and joins them when asked', () => {
    // A "body" and an "arm" shell sunk into it (two welded components), like the sample's creature.
    const body = uvSphere([0, 0, 0], 1, 16, 24);
    const arm = uvSphere([1.1, 0, 0], 0.45, 10, 14);
    const both = mergeMeshes(body, arm);
    const bodyCount = body.positions.length / 3;
    const bodyVertices = [...Array(bodyCount).keys()];
    const armVertices = [...Array(arm.positions.length / 3).keys()].map((v) => bodyCount + v);
    const apart = latticeEmbedding(both.positions, both.triangles, { resolution: 16 });
    expect(embeddingProblems(apart, both.positions), 'apart').toEqual([]);
    expect(apart.stats.pieces, 'two lattice pieces').toBe(2);
    const shared = [...latticeVerticesOf(apart, bodyVertices)].filter((v) => latticeVerticesOf(apart, armVertices).has(v));
    expect(shared.length, 'no lattice vertex shared by body and arm tets').toBe(0);
    const joined = latticeEmbedding(both.positions, both.triangles, { resolution: 16, joinOverlappingParts: true });
    expect(embeddingProblems(joined, both.positions), 'joined').toEqual([]);
    expect(joined.stats.pieces, 'one lattice piece').toBe(1);
  });

  it('fills the inside of a closed sphere and of an open-ended tube (winding number ≥ ½)', () => {
    const volumeOf = (embedding: ReturnType<typeof latticeEmbedding>): number => {
      let total = 0;
      for (let t = 0; t < embedding.tetCount; t++) total += tetVolume(embedding, t);
      return total;
    };
    const sphere = latticeEmbedding(uvSphere([0, 0, 0], 1, 24, 32).positions, uvSphere([0, 0, 0], 1, 24, 32).triangles, { resolution: 20 });
    const h = sphere.cellSize;
    const ball = (r: number): number => (4 / 3) * Math.PI * r ** 3;
    expect(volumeOf(sphere), 'sphere lattice ≥ the (polygonal) ball').toBeGreaterThan(0.97 * ball(1));
    expect(volumeOf(sphere), 'sphere lattice within a cell diagonal of it').toBeLessThan(ball(1 + Math.sqrt(3) * h));
    expect(sphere.stats.interiorCells, 'interior cells').toBeGreaterThan(0);
    const tube = openCylinder(0.5, 2, 8, 32);
    const embedding = latticeEmbedding(tube.positions, tube.triangles, { resolution: 20 });
    const solid = Math.PI * 0.25 * 2;
    expect(volumeOf(embedding), 'open tube lattice holds its solid cylinder').toBeGreaterThan(0.95 * solid);
  });

  it('embeds a flat open sheet in a single layer of cells', () => {
    const positions: number[] = [];
    const triangles: number[] = [];
    for (let j = 0; j <= 4; j++) for (let i = 0; i <= 4; i++) positions.push(i * 0.25, j * 0.25, 0);
    for (let j = 0; j < 4; j++) {
      for (let i = 0; i < 4; i++) {
        const v = j * 5 + i;
        triangles.push(v, v + 1, v + 6, v, v + 6, v + 5);
      }
    }
    const embedding = latticeEmbedding(positions, triangles, { resolution: 8 });
    expect(embeddingProblems(embedding, positions), 'sheet').toEqual([]);
    expect(embedding.stats.interiorCells, 'a sheet encloses nothing').toBe(0);
    expect(embedding.gridDimensions[2], 'one layer').toBe(1);
    expect(embedding.stats.cells, 'every cell of the layer').toBe(embedding.gridDimensions[0] * embedding.gridDimensions[1]);
  });

  it('chooses a resolution near a target tet count, and more cells at higher resolution', () => {
    const sphere = uvSphere([0, 0, 0], 1, 16, 24);
    const embedding = latticeEmbedding(sphere.positions, sphere.triangles, { targetTetCount: 20000 });
    expect(embedding.tetCount, `target 20,000 (resolution ${embedding.stats.resolution})`).toBeGreaterThan(20000 / 1.6);
    expect(embedding.tetCount, `target 20,000 (resolution ${embedding.stats.resolution})`).toBeLessThan(20000 * 1.6);
    const counts = [6, 12, 24].map((resolution) => latticeEmbedding(sphere.positions, sphere.triangles, { resolution }).stats.cells);
    expect(counts[1], 'cells grow with resolution').toBeGreaterThan(counts[0]);
    expect(counts[2], 'cells grow with resolution').toBeGreaterThan(counts[1]);
  });

  it('embeds a surface with hundreds of scattered stray vertices, each alone in its cell (27 winding samples apiece)', () => {
    // Stray vertices are common in artists' meshes. Each sits alone in a surface cell, so the sample cache sees
    // 27 distinct samples per cell; a cache sized for connected surfaces filled up here and never returned.
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0];
    for (let i = 0; i < 300; i++) positions.push((i * 7919) % 97, (i * 104729) % 89, (i * 1299709) % 83);
    const embedding = latticeEmbedding(positions, [0, 1, 2], { resolution: 100, keepIslands: true });
    expect(embeddingProblems(embedding, positions), 'every stray vertex embedded').toEqual([]);
  });

  it('is deterministic', () => {
    const hand = voxelHand();
    const first = latticeEmbedding(hand.positions, hand.triangles, { resolution: 14 });
    const second = latticeEmbedding(hand.positions, hand.triangles, { resolution: 14 });
    expect(Array.from(second.tetrahedra), 'same tets').toEqual(Array.from(first.tetrahedra));
    expect(Array.from(second.surfaceBarycentric), 'same barycentrics').toEqual(Array.from(first.surfaceBarycentric));
  });

  it('refuses non-finite positions, out-of-range indices and a bad resolution, naming the problem', () => {
    expect(() => latticeEmbedding([0, 0, 0, 1, NaN, 0, 0, 1, 0], [0, 1, 2]), 'NaN').toThrow(/vertex 1 has a non-finite coordinate/);
    expect(() => latticeEmbedding([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 3]), 'index 3').toThrow(/triangle 0 has vertex index 3/);
    expect(() => latticeEmbedding([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2], { resolution: 0 }), 'resolution 0').toThrow(/resolution/);
    expect(() => latticeEmbedding([], []), 'empty').toThrow(/no vertices/);
  });
});
