// vertexAreas: each vertex gets a third of every triangle around it, so the areas sum to the surface's area
// (a unit cube: 6), and a degenerate triangle adds nothing.
import { describe, expect, it } from 'vitest';
import { vertexAreas } from '../../../app/geometry/index.ts';
import { boxSurface } from '../../helpers/boxSurface.ts';

describe('vertexAreas', () => {
  it('sums to the area of a unit cube, a third of each triangle per corner', () => {
    const { positions, triangles } = boxSurface([0, 0, 0], [1, 1, 1]);
    const areas = vertexAreas(positions, triangles, 8);
    expect(
      areas.reduce((s, a) => s + a, 0),
      'total area',
    ).toBeCloseTo(6, 12);
    // Vertex 0 is a corner of 3 faces, each split into two triangles of area ½ through vertex 0 or not: its share
    // is a third of the triangles that hold it.
    let expected = 0;
    for (let t = 0; t < triangles.length; t += 3) if ([triangles[t], triangles[t + 1], triangles[t + 2]].includes(0)) expected += 0.5 / 3;
    expect(areas[0], 'a third of each triangle at vertex 0').toBeCloseTo(expected, 12);
  });

  it('a degenerate triangle adds nothing; out is overwritten', () => {
    const out = new Float64Array(3).fill(7);
    expect(Array.from(vertexAreas([0, 0, 0, 1, 0, 0, 2, 0, 0], [0, 1, 2], 3, out)), 'collinear').toEqual([0, 0, 0]);
  });
});
