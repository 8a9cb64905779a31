// vertexAreas: each vertex gets a third of every triangle around it, so the areas sum to the surface's area
// (a unit cube: 6), and a degenerate triangle adds nothing.
import { describe, expect, it } from 'vitest';
import { vertexAreas } from '../../../app/geometry/index.ts';

describe('vertexAreas', () => {
  it('sums to the area of a unit cube, a third of each triangle per corner', () => {
    const positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
    const quads = [
      [0, 3, 2, 1],
      [4, 5, 6, 7],
      [0, 1, 5, 4],
      [2, 3, 7, 6],
      [1, 2, 6, 5],
      [0, 4, 7, 3],
    ];
    const triangles = quads.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]);
    const areas = vertexAreas(positions, triangles, 8);
    expect(
      areas.reduce((s, a) => s + a, 0),
      'total area',
    ).toBeCloseTo(6, 12);
    // Vertex 0 touches 6 triangles of area ½ here (3 faces, each split through vertex 0 or not): its share is
    // a third of the triangles that hold it.
    let expected = 0;
    for (let t = 0; t < triangles.length; t += 3) if ([triangles[t], triangles[t + 1], triangles[t + 2]].includes(0)) expected += 0.5 / 3;
    expect(areas[0], 'a third of each triangle at vertex 0').toBeCloseTo(expected, 12);
  });

  it('a degenerate triangle adds nothing; out is overwritten', () => {
    const out = new Float64Array(3).fill(7);
    expect(Array.from(vertexAreas([0, 0, 0, 1, 0, 0, 2, 0, 0], [0, 1, 2], 3, out)), 'collinear').toEqual([0, 0, 0]);
  });
});
