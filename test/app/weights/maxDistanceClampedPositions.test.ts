// maxDistanceClampedPositions: the result is the closest point of the ball |x − t| ≤ d (checked by
// distance and direction), d = 0 pins exactly, d = Infinity leaves the vertex; backstopClampedPositions
// pushes a vertex out of the sphere behind the surface onto its boundary, and never moves one outside it.
import { describe, expect, it } from 'vitest';
import { backstopClampedPositions, latticeMaxDistances, maxDistanceClampedPositions } from '../../../app/weights/index.ts';

describe('maxDistanceClampedPositions', () => {
  const targets = Float64Array.from([0, 0, 0, 1, 1, 1, 5, 0, 0]);
  const positions = Float64Array.from([3, 4, 0, 1.1, 1, 1, 9, 9, 9]);

  it('projects onto the ball: distance d, same direction; inside, unchanged', () => {
    const out = maxDistanceClampedPositions(positions, targets, [2, 0.5, Infinity], new Float64Array(9));
    expect(Math.hypot(out[0], out[1], out[2]), 'on the sphere of radius 2').toBeCloseTo(2, 12);
    expect(out[0] / out[1], 'along the original offset (3, 4)').toBeCloseTo(3 / 4, 12);
    expect(Array.from(out.subarray(3, 6)), 'within 0.5: untouched').toEqual([1.1, 1, 1]);
    expect(Array.from(out.subarray(6, 9)), 'no limit: untouched').toEqual([9, 9, 9]);
  });

  it('pins a vertex with d = 0 to its target bit for bit, in place', () => {
    const inPlace = Float32Array.from([0.1, 0.2, 0.3]);
    const target = Float32Array.from([0.7, -0.2, 1e-7]);
    maxDistanceClampedPositions(inPlace, target, [0], inPlace);
    expect(Array.from(inPlace), 'exactly the animation').toEqual(Array.from(target));
  });
});

describe('backstopClampedPositions', () => {
  // Target at the origin, outward normal +y, sphere of radius 1 starting 0.1 behind: centre (0, −1.1, 0).
  const targets = [0, 0, 0];
  const normals = [0, 1, 0];

  it('pushes a vertex that sank into the body onto the sphere', () => {
    const out = backstopClampedPositions([0.2, -0.5, 0], targets, normals, [1], 1, 0.1, new Float64Array(3));
    expect(Math.hypot(out[0], out[1] + 1.1, out[2]), 'on the backstop sphere').toBeCloseTo(1, 12);
    expect(out[1], 'pushed outward').toBeGreaterThan(-0.5);
  });

  it('leaves vertices outside the sphere, and vertices without a backstop', () => {
    expect(Array.from(backstopClampedPositions([0, 0.3, 0], targets, normals, [1], 1, 0.1, new Float64Array(3))), 'outside').toEqual([0, 0.3, 0]);
    expect(Array.from(backstopClampedPositions([0, -0.5, 0], targets, normals, [0], 1, 0.1, new Float64Array(3))), 'not limited').toEqual([0, -0.5, 0]);
  });
});

describe('latticeMaxDistances', () => {
  it('gives each lattice vertex the smallest limit of the surface vertices on it, Infinity elsewhere', () => {
    // Two tets sharing vertices 1, 2, 3; surface vertex 0 in tet 0 (weights on 0 and 1), vertex 1 in tet 1 (on 3 and 4).
    const embedding = {
      surfaceVertexCount: 2,
      vertexCount: 5,
      tetrahedra: Uint32Array.from([0, 1, 2, 3, 1, 2, 3, 4]),
      surfaceTet: Uint32Array.from([0, 1]),
      surfaceBarycentric: Float64Array.from([0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5]),
    };
    const out = latticeMaxDistances(embedding, [0.2, 0.05], new Float64Array(5));
    expect(Array.from(out), 'min over carried surface limits').toEqual([0.2, 0.2, Infinity, 0.05, 0.05]);
  });
});
