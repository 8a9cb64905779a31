import { describe, expect, it } from 'vitest';
import { cubeTetrahedra } from '../../../app/embedding/cubeTetrahedra.ts';
import { tetrahedronEdges } from '../../../renderer/workers/tetrahedronEdges.ts';

/** Distinct edges by brute force over sorted "a-b" strings: an independent reference. */
function referenceEdges(tetrahedra: number[]): Set<string> {
  const edges = new Set<string>();
  for (let t = 0; t < tetrahedra.length; t += 4) {
    const tet = tetrahedra.slice(t, t + 4);
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) edges.add([tet[i], tet[j]].sort((a, b) => a - b).join('-'));
  }
  return edges;
}

describe('tetrahedronEdges', () => {
  it('gives a tet its six edges, and two tets sharing a face nine', () => {
    expect(tetrahedronEdges([0, 1, 2, 3], 4).length / 2, 'one tet').toBe(6);
    expect(tetrahedronEdges([0, 1, 2, 3, 1, 2, 3, 4], 5).length / 2, 'shared face: 6 + 3').toBe(9);
  });

  it('lists each distinct edge of a lattice exactly once, smaller index first', () => {
    // Two cubes side by side along x, split by the engine's own five-tet split (parities 0 and 1); the
    // second cube's corners with x-bit 0 are the first cube's corners with x-bit 1 (the shared face).
    const tets: number[] = [];
    const cubes = [
      [0, 1, 2, 3, 4, 5, 6, 7],
      [1, 8, 3, 9, 5, 10, 7, 11],
    ];
    for (const [parity, corners] of cubes.entries()) for (const q of cubeTetrahedra(parity)) tets.push(corners[q]);
    const edges = tetrahedronEdges(tets, 12);
    const listed = Array.from({ length: edges.length / 2 }, (_, e) => `${edges[2 * e]}-${edges[2 * e + 1]}`);
    expect(new Set(listed).size, 'no duplicates').toBe(listed.length);
    expect(new Set(listed), 'the same edges as the brute-force reference').toEqual(referenceEdges(tets));
    expect(Array.from({ length: edges.length / 2 }, (_, e) => edges[2 * e] < edges[2 * e + 1]).every(Boolean), 'ordered pairs').toBe(true);
  });
});
