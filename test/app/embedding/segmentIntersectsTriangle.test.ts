// segmentIntersectsTriangle agrees with three.js Ray.intersectTriangle limited to the segment length on
// random cases away from the tolerance band, and counts grazing contact as a cut.
import { Ray, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { segmentIntersectsTriangle } from '../../../app/embedding/segmentIntersectsTriangle.ts';
import { random } from '../math/sparse/helpers.ts';

describe('segmentIntersectsTriangle', () => {
  it('matches three.js ray casting on 20,000 random segments', () => {
    const next = random(3);
    let cuts = 0;
    for (let trial = 0; trial < 20000; trial++) {
      const t = Array.from({ length: 9 }, () => next() * 2 - 1);
      const p = [next() * 2 - 1, next() * 2 - 1, next() * 2 - 1];
      const q = [next() * 2 - 1, next() * 2 - 1, next() * 2 - 1];
      const direction = new Vector3(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
      const length = direction.length();
      const ray = new Ray(new Vector3(p[0], p[1], p[2]), direction.clone().normalize());
      const hit = ray.intersectTriangle(new Vector3(t[0], t[1], t[2]), new Vector3(t[3], t[4], t[5]), new Vector3(t[6], t[7], t[8]), false, new Vector3());
      const distance = hit ? hit.distanceTo(ray.origin) : Infinity;
      // Skip cases within rounding of the segment ends (the code is deliberately conservative there).
      if (Math.abs(distance - length) < 1e-6) continue;
      const expected = distance <= length;
      const got = segmentIntersectsTriangle(t, 0, 1, 2, p[0], p[1], p[2], q[0], q[1], q[2]);
      if (got) cuts++;
      if (got !== expected) expect(got, `trial ${trial}`).toBe(expected);
    }
    expect(cuts, 'both outcomes are exercised').toBeGreaterThan(1000);
  });

  it('counts a segment ending on the triangle, and one lying in its plane across it, as cuts', () => {
    const triangle = [0, 0, 0, 1, 0, 0, 0, 1, 0];
    expect(segmentIntersectsTriangle(triangle, 0, 1, 2, 0.2, 0.2, 1, 0.2, 0.2, 0), 'ends on it').toBe(true);
    expect(segmentIntersectsTriangle(triangle, 0, 1, 2, -1, 0.2, 0, 2, 0.2, 0), 'in its plane, across').toBe(true);
    expect(segmentIntersectsTriangle(triangle, 0, 1, 2, -1, 2, 0, -0.5, 2, 0), 'in its plane, beside').toBe(false);
    expect(segmentIntersectsTriangle(triangle, 0, 1, 2, 0.2, 0.2, 1, 0.2, 0.2, 0.01), 'stops short').toBe(false);
  });
});
