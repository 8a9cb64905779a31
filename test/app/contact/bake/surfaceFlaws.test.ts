// surfaceFlaws: the rest surface's flaws contact counts (the report's contact.surface), on a surface built with each
// flaw once, counted by hand.
import { describe, expect, it } from 'vitest';
import { surfaceFlaws } from '../../../../app/contact/bake/surfaceFlaws.ts';

describe('surfaceFlaws', () => {
  it('counts a repeated-vertex triangle, a collinear sliver and a vertex placed on another, and nothing on a clean triangle', () => {
    const positions = new Float64Array([
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      1,
      0, // 0–2: a clean triangle
      2,
      0,
      0,
      3,
      0,
      0,
      4,
      0,
      0, // 3–5: collinear corners (zero area)
      1,
      0,
      0, // 6: at vertex 1's place
    ]);
    const triangles = new Uint32Array([0, 1, 2, 3, 4, 5, 0, 0, 6]);
    const flaws = surfaceFlaws(positions, triangles, 7, 3);
    expect(flaws.degenerateTriangles, 'the sliver and the triangle with a repeated vertex').toBe(2);
    expect(flaws.coincidentVertices, 'vertex 6 on vertex 1').toBe(1);
    expect(flaws.nonManifoldEdges, 'passed through from the checker').toBe(3);
    expect(surfaceFlaws(positions, triangles.subarray(0, 3), 3, 0), 'a clean triangle').toEqual({
      degenerateTriangles: 0,
      nonManifoldEdges: 0,
      coincidentVertices: 0,
    });
  });
});
