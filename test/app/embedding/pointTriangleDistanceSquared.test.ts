// pointTriangleDistanceSquared agrees with three.js Triangle.closestPointToPoint on random points, for
// regular and degenerate triangles, and reports the closest point.
import { Triangle, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { pointTriangleDistanceSquared } from '../../../app/embedding/pointTriangleDistanceSquared.ts';
import { random } from '../math/sparse/helpers.ts';

describe('pointTriangleDistanceSquared', () => {
  it('matches three.js closestPointToPoint on 10,000 random cases', () => {
    const next = random(11);
    const closest = new Float64Array(3);
    for (let trial = 0; trial < 10000; trial++) {
      const p = Array.from({ length: 9 }, () => next() * 2 - 1);
      if (trial % 7 === 0) for (let a = 0; a < 3; a++) p[6 + a] = 0.5 * (p[a] + p[3 + a]); // collinear
      const q = [next() * 4 - 2, next() * 4 - 2, next() * 4 - 2];
      const triangle = new Triangle(new Vector3(p[0], p[1], p[2]), new Vector3(p[3], p[4], p[5]), new Vector3(p[6], p[7], p[8]));
      const reference = triangle.closestPointToPoint(new Vector3(q[0], q[1], q[2]), new Vector3());
      const expected = reference.distanceToSquared(new Vector3(q[0], q[1], q[2]));
      const got = pointTriangleDistanceSquared(p, 0, 1, 2, q[0], q[1], q[2], closest);
      expect(Math.abs(got - expected), `trial ${trial} distance²`).toBeLessThan(1e-9);
      const reported = (closest[0] - q[0]) ** 2 + (closest[1] - q[1]) ** 2 + (closest[2] - q[2]) ** 2;
      expect(Math.abs(reported - got), `trial ${trial} closest point is at that distance`).toBeLessThan(1e-9);
    }
  });
});
