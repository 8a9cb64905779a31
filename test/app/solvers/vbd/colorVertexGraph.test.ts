import { describe, expect, it } from 'vitest';
import { boxTetrahedra, colorVertexGraph, createVbdModel, dihedralHinges, vertexNeighborGraph } from '../../../../app/solvers/vbd/index.ts';
import { random } from './helpers.ts';

function sheetTriangles(n: number): Uint32Array {
  const triangles: number[] = [];
  const index = (i: number, j: number) => j * (n + 1) + i;
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i + 1, j), index(i, j + 1), index(i + 1, j), index(i + 1, j + 1), index(i, j + 1));
  return Uint32Array.from(triangles);
}

/** A tet lattice with its vertices randomly renumbered, so the coloring cannot lean on the lattice order. */
function shuffledLattice(cells: [number, number, number], seed: number) {
  const { positions, tetrahedra } = boxTetrahedra(cells, [1, 1, 1]);
  const count = positions.length / 3;
  const r = random(seed);
  const permutation = Array.from({ length: count }, (_, k) => k);
  for (let k = count - 1; k > 0; k--) {
    const j = Math.floor(r() * (k + 1));
    [permutation[k], permutation[j]] = [permutation[j], permutation[k]];
  }
  return { count, tetrahedra: tetrahedra.map((v) => permutation[v]) };
}

function check(count: number, stencils: Array<{ vertices: Uint32Array; arity: number }>, algorithm: 'mcs' | 'greedy', label: string) {
  const graph = vertexNeighborGraph(count, stencils);
  const { colors, colorCount } = colorVertexGraph(graph.offsets, graph.neighbors, algorithm);
  // valid: no element has two vertices of one color
  for (const { vertices, arity } of stencils) {
    for (let e = 0; e < vertices.length; e += arity) {
      const seen = new Set<number>();
      for (let k = 0; k < arity; k++) seen.add(colors[vertices[e + k]]);
      expect(seen.size, `${label}: element ${e / arity} has ${arity} distinct colors`).toBe(arity);
    }
  }
  const sizes = new Array<number>(colorCount).fill(0);
  for (const c of colors) sizes[c]++;
  expect(Math.min(...sizes), `${label}: no empty color`).toBeGreaterThan(0);
  expect(Math.max(...sizes) / Math.min(...sizes), `${label}: balanced sizes ${sizes}`).toBeLessThanOrEqual(1.5);
  return colorCount;
}

describe('colorVertexGraph', () => {
  for (const algorithm of ['mcs', 'greedy'] as const) {
    it(`colors tet lattices validly and balanced within 1.5× (${algorithm})`, () => {
      for (const [cells, seed] of [
        [[4, 4, 4], 1],
        [[10, 3, 2], 2],
        [[7, 7, 7], 3],
      ] as const) {
        const { count, tetrahedra } = shuffledLattice(cells as [number, number, number], seed);
        const colors = check(count, [{ vertices: tetrahedra, arity: 4 }], algorithm, `${algorithm} ${cells}`);
        // seed 000 Table 3.1: 6–9 colors on tet meshes
        expect(colors, `${algorithm} ${cells}: color count`).toBeLessThanOrEqual(10);
      }
    });

    it(`colors cloth with bending stencils and mixed element kinds validly and balanced (${algorithm})`, () => {
      const triangles = sheetTriangles(12);
      const hinges = dihedralHinges(triangles).vertices;
      check(
        13 * 13,
        [
          { vertices: triangles, arity: 3 },
          { vertices: hinges, arity: 4 },
        ],
        algorithm,
        `${algorithm} cloth`,
      );
      const springs = Uint32Array.from({ length: 2 * 168 }, (_, k) => (k % 2 === 0 ? Math.floor(k / 2) : Math.floor(k / 2) + 1));
      check(
        13 * 13,
        [
          { vertices: triangles, arity: 3 },
          { vertices: springs, arity: 2 },
        ],
        algorithm,
        `${algorithm} cloth + springs`,
      );
    });
  }

  it('the model stores colors grouped and ascending, covering every vertex once', () => {
    const { positions, tetrahedra } = boxTetrahedra([3, 3, 3], [1, 1, 1]);
    const model = createVbdModel({
      restPositions: positions,
      tetrahedra: { vertices: tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.3, density: 1000, damping: 0 } },
    });
    const seen = new Uint8Array(model.vertexCount);
    for (let c = 0; c < model.colorCount; c++) {
      for (let k = model.colorOffsets[c]; k < model.colorOffsets[c + 1]; k++) {
        const v = model.colorVertices[k];
        expect(model.vertexColors[v], `vertex ${v} in color ${c}`).toBe(c);
        if (k > model.colorOffsets[c]) expect(v, 'ascending').toBeGreaterThan(model.colorVertices[k - 1]);
        seen[v]++;
      }
    }
    expect(
      seen.every((s) => s === 1),
      'each vertex exactly once',
    ).toBe(true);
  });
});
