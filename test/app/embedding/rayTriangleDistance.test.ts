// rayTriangleDistance: the ray parameter of the hit agrees with three.js Ray.intersectTriangle (an independent
// Möller–Trumbore) on random rays, hits and misses alike, both faces counting.
import { Ray, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { rayTriangleDistance } from '../../../app/embedding/rayTriangleDistance.ts';
import { random } from '../math/sparse/helpers.ts';

describe('rayTriangleDistance', () => {
  it('matches three.js Ray.intersectTriangle (no back-face culling) on 10,000 random rays', () => {
    const next = random(17);
    const positions = new Float64Array(9);
    let hits = 0;
    let disagreements = 0;
    let worst = 0;
    for (let trial = 0; trial < 10000; trial++) {
      for (let k = 0; k < 9; k++) positions[k] = 2 * next() - 1;
      const origin = new Vector3(2 * next() - 1, 2 * next() - 1, 2 * next() - 1).multiplyScalar(2);
      // Aim near the triangle's centroid so about half the rays hit.
      const target = new Vector3(
        (positions[0] + positions[3] + positions[6]) / 3,
        (positions[1] + positions[4] + positions[7]) / 3,
        (positions[2] + positions[5] + positions[8]) / 3,
      );
      target.add(new Vector3(next() - 0.5, next() - 0.5, next() - 0.5));
      const direction = target.sub(origin).multiplyScalar(0.5 + next());
      const t = rayTriangleDistance(positions, 0, 1, 2, origin.x, origin.y, origin.z, direction.x, direction.y, direction.z);
      const point = new Ray(origin, direction).intersectTriangle(
        new Vector3().fromArray(positions, 0),
        new Vector3().fromArray(positions, 3),
        new Vector3().fromArray(positions, 6),
        false,
        new Vector3(),
      );
      // three.js reports only hits in front of the origin (t ≥ 0), as points origin + t·direction.
      const expected = point ? point.sub(origin).dot(direction) / direction.lengthSq() : Infinity;
      const ours = t >= 0 ? t : Infinity;
      if (expected === Infinity || ours === Infinity) {
        if (expected !== ours) disagreements++;
        continue;
      }
      hits++;
      worst = Math.max(worst, Math.abs(ours - expected));
    }
    expect(hits, 'enough hits to compare').toBeGreaterThan(2000);
    expect(disagreements, 'rays one says hit and the other says miss').toBeLessThanOrEqual(2);
    expect(worst, 'largest difference of t').toBeLessThan(1e-9);
  });

  it('returns Infinity for a ray parallel to the triangle and a negative t behind the origin', () => {
    const triangle = [0, 0, 0, 1, 0, 0, 0, 1, 0];
    expect(rayTriangleDistance(triangle, 0, 1, 2, 0.2, 0.2, 1, 1, 0, 0), 'parallel').toBe(Infinity);
    expect(rayTriangleDistance(triangle, 0, 1, 2, 0.2, 0.2, 1, 0, 0, 2), 'behind: t = −0.5').toBe(-0.5);
    expect(rayTriangleDistance(triangle, 0, 1, 2, 0.2, 0.2, 1, 0, 0, -1), 'in front: t = 1').toBe(1);
  });
});
