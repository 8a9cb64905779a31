// flippedTriangleCount: a triangle mirrored through its plane (a fold) counts, a rotated or stretched one does not,
// degenerate ones do not, and with a rest pose a triangle the reference already crushes below 5% does not.
import { describe, expect, it } from 'vitest';
import { flippedTriangleCount } from '../../../app/geometry/index.ts';

const triangles = [0, 1, 2, 1, 3, 2];
const flat = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0];

describe('flippedTriangleCount', () => {
  it('counts a vertex pushed through the opposite edge (a fold), not a rigid rotation or a stretch', () => {
    const folded = [...flat];
    folded[9] = -0.5; // vertex 3 crosses the edge 1–2: triangle 1 turns over
    folded[10] = -0.5;
    expect(flippedTriangleCount(triangles, flat, folded), 'fold').toBe(1);
    const rotated = flat.map((x, k) => (k % 3 === 0 ? -flat[k + 1] : k % 3 === 1 ? flat[k - 1] : x));
    expect(flippedTriangleCount(triangles, flat, rotated), 'rotated 90° about z').toBe(0);
    expect(
      flippedTriangleCount(
        triangles,
        flat,
        flat.map((x) => 3 * x),
      ),
      'scaled',
    ).toBe(0);
  });

  it('skips degenerate triangles, and with a rest pose those the reference crushes below 5% of their area', () => {
    const collapsed = [...flat];
    collapsed[9] = 0.5;
    collapsed[10] = 0.5; // triangle 1 collinear
    expect(flippedTriangleCount(triangles, flat, collapsed), 'degenerate in the deformed pose').toBe(0);
    const crushed = [...flat];
    crushed[9] = 0.49;
    crushed[10] = 0.53; // triangle 1 keeps 2% of its area, same facing
    const folded = [...crushed];
    folded[9] = 0.49;
    folded[10] = 0.49; // just across the edge 1–2 (x + y = 1)
    expect(flippedTriangleCount(triangles, crushed, folded), 'without rest: a flip').toBe(1);
    expect(flippedTriangleCount(triangles, crushed, folded, flat), 'crushed by the reference: not counted').toBe(0);
  });
});
