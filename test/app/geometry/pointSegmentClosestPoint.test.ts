// pointSegmentClosestPoint: the parameter of the closest point of a closed segment, clamped to [0, 1], and the squared
// distance to it, against a dense sampling of the segment; a zero-length segment is its start point.
import { describe, expect, it } from 'vitest';
import { pointSegmentClosestPoint } from '../../../app/geometry/index.ts';
import { random } from '../../helpers/random.ts';

describe('pointSegmentClosestPoint', () => {
  it('finds the nearest point of the segment, as sampling it finely does', () => {
    const next = random(17);
    const out = new Float64Array(1);
    for (let trial = 0; trial < 200; trial++) {
      const positions = Float64Array.from({ length: 6 }, () => 2 * next() - 1);
      const x = [3 * next() - 1.5, 3 * next() - 1.5, 3 * next() - 1.5];
      const distance2 = pointSegmentClosestPoint(positions, 0, 1, x[0], x[1], x[2], out);
      let best = Infinity;
      for (let k = 0; k <= 2000; k++) {
        const s = k / 2000;
        let d2 = 0;
        for (let c = 0; c < 3; c++) d2 += (positions[c] + s * (positions[3 + c] - positions[c]) - x[c]) ** 2;
        best = Math.min(best, d2);
      }
      expect(out[0], `trial ${trial}: s in [0, 1]`).toBeGreaterThanOrEqual(0);
      expect(out[0], `trial ${trial}: s in [0, 1]`).toBeLessThanOrEqual(1);
      expect(distance2, `trial ${trial}: no sample is nearer`).toBeLessThanOrEqual(best + 1e-12);
      expect(distance2, `trial ${trial}: as near as the nearest sample`).toBeGreaterThan(best - 1e-5);
    }
  });

  it('a zero-length segment is its start: s = 0, the distance to that point', () => {
    const out = new Float64Array(1);
    const distance2 = pointSegmentClosestPoint([1, 2, 3, 1, 2, 3], 0, 1, 1, 2, 5, out);
    expect(out[0], 's').toBe(0);
    expect(distance2, 'squared distance to (1, 2, 3)').toBe(4);
  });
});
