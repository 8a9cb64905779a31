import { describe, expect, it } from 'vitest';
import { dihedralHinges } from '../../../../app/solvers/vbd/index.ts';

describe('dihedralHinges', () => {
  it('makes one hinge per interior edge of a grid, with the two opposite vertices on either side', () => {
    const n = 5;
    const index = (i: number, j: number) => j * (n + 1) + i;
    const triangles: number[] = [];
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i + 1, j), index(i, j + 1), index(i + 1, j), index(i + 1, j + 1), index(i, j + 1));
    const { vertices, triangles: pairs } = dihedralHinges(Uint32Array.from(triangles));
    // edges = 3n² + 2n; boundary = 4n; interior = 3n² − 2n
    expect(vertices.length / 4, 'interior edges').toBe(3 * n * n - 2 * n);
    for (let h = 0; h < vertices.length / 4; h++) {
      const [e0, e1, o0, o1] = vertices.subarray(4 * h, 4 * h + 4);
      expect(new Set([e0, e1, o0, o1]).size, `hinge ${h} has 4 distinct vertices`).toBe(4);
      const a = triangles.slice(3 * pairs[2 * h], 3 * pairs[2 * h] + 3);
      const b = triangles.slice(3 * pairs[2 * h + 1], 3 * pairs[2 * h + 1] + 3);
      expect(
        [e0, e1, o0].every((v) => a.includes(v)),
        'first triangle',
      ).toBe(true);
      expect(
        [e0, e1, o1].every((v) => b.includes(v)),
        'second triangle',
      ).toBe(true);
    }
  });

  it('skips boundary and non-manifold edges', () => {
    // three triangles on one edge (0, 1): no single dihedral angle
    const { vertices } = dihedralHinges(Uint32Array.from([0, 1, 2, 1, 0, 3, 0, 1, 4]));
    expect(vertices.length, 'no hinge').toBe(0);
  });
});
