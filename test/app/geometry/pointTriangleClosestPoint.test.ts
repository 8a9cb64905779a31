// pointTriangleClosestPoint, the engine's one point–triangle routine, agrees with three.js Triangle.closestPointToPoint
// on random points, for regular and degenerate triangles, and its weights and feature describe the closest point.
import { Triangle, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { pointTriangleClosestPoint, TRIANGLE_FEATURE } from '../../../app/geometry/index.ts';
import { random } from '../math/sparse/helpers.ts';

describe('pointTriangleClosestPoint', () => {
  it('matches three.js closestPointToPoint on 10,000 random cases (one in seven a triangle with collinear corners)', () => {
    const next = random(11);
    const out = new Float64Array(4);
    for (let trial = 0; trial < 10000; trial++) {
      const p = Array.from({ length: 9 }, () => next() * 2 - 1);
      if (trial % 7 === 0) for (let a = 0; a < 3; a++) p[6 + a] = 0.5 * (p[a] + p[3 + a]); // collinear
      const q = [next() * 4 - 2, next() * 4 - 2, next() * 4 - 2];
      const triangle = new Triangle(new Vector3(p[0], p[1], p[2]), new Vector3(p[3], p[4], p[5]), new Vector3(p[6], p[7], p[8]));
      const reference = triangle.closestPointToPoint(new Vector3(q[0], q[1], q[2]), new Vector3());
      const expected = reference.distanceToSquared(new Vector3(q[0], q[1], q[2]));
      const got = pointTriangleClosestPoint(p, 0, 1, 2, q[0], q[1], q[2], out);
      expect(Math.abs(got - expected), `trial ${trial} distance²`).toBeLessThan(1e-9);
      expect(Math.abs(out[0] + out[1] + out[2] - 1), `trial ${trial} weights sum to 1`).toBeLessThan(1e-9);
      const point = [0, 1, 2].map((k) => out[0] * p[k] + out[1] * p[3 + k] + out[2] * p[6 + k]);
      const reported = (point[0] - q[0]) ** 2 + (point[1] - q[1]) ** 2 + (point[2] - q[2]) ** 2;
      expect(Math.abs(reported - got), `trial ${trial} the weights' point is at that distance`).toBeLessThan(1e-9);
      const feature = out[3];
      if (feature >= TRIANGLE_FEATURE.vertexA)
        expect(out[feature - TRIANGLE_FEATURE.vertexA], `trial ${trial} a corner feature has its corner's weight 1`).toBeCloseTo(1, 12);
      else if (feature !== TRIANGLE_FEATURE.face)
        expect(out[(feature - TRIANGLE_FEATURE.edgeAB + 2) % 3], `trial ${trial} an edge feature has the opposite corner's weight 0`).toBeCloseTo(0, 12);
    }
  });
});
