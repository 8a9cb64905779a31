// segmentSegmentSeparation: a lower bound of the segment distance that the broad phase trusts to drop pairs, so it
// must never exceed the exact distance (random pairs, degenerate and parallel ones included), and it must be tight
// where the midpoint axis is the separating direction (it is worth computing only if it rejects far pairs).
import { describe, expect, it } from 'vitest';
import { segmentSegmentClosestPoints } from '../../../app/geometry/segmentSegmentClosestPoints.ts';
import { segmentSegmentSeparation } from '../../../app/geometry/segmentSegmentSeparation.ts';
import { random } from '../math/sparse/helpers.ts';

/** Brute force: the smallest distance over a 201×201 grid of parameters (an upper bound of the exact distance). */
function sampledDistance(positions: Float64Array): number {
  let best = Infinity;
  for (let i = 0; i <= 200; i++) {
    const s = i / 200;
    const x = positions[0] + s * (positions[3] - positions[0]), y = positions[1] + s * (positions[4] - positions[1]), z = positions[2] + s * (positions[5] - positions[2]);
    for (let j = 0; j <= 200; j++) {
      const t = j / 200;
      const dx = x - positions[6] - t * (positions[9] - positions[6]), dy = y - positions[7] - t * (positions[10] - positions[7]), dz = z - positions[8] - t * (positions[11] - positions[8]);
      best = Math.min(best, dx * dx + dy * dy + dz * dz);
    }
  }
  return Math.sqrt(best);
}

describe('segmentSegmentSeparation', () => {
  it('never exceeds the exact distance on 20,000 random pairs, with degenerate, parallel and crossing ones', () => {
    const next = random(11);
    const positions = new Float64Array(12);
    const params = new Float64Array(2);
    let worst = -Infinity;
    let positive = 0;
    for (let trial = 0; trial < 20000; trial++) {
      for (let k = 0; k < 12; k++) positions[k] = 4 * next() - 2;
      const kind = trial % 5;
      if (kind === 1) positions.copyWithin(3, 0, 3); // first segment a point
      if (kind === 2) positions.copyWithin(9, 6, 9); // second segment a point
      if (kind === 3) {
        // parallel: q1 − q0 = λ (p1 − p0)
        const lambda = 2 * next() - 1;
        for (let k = 0; k < 3; k++) positions[9 + k] = positions[6 + k] + lambda * (positions[3 + k] - positions[k]);
      }
      if (kind === 4) {
        // collinear, along one line
        const a = 3 * next() - 1.5, b = 3 * next() - 1.5;
        for (let k = 0; k < 3; k++) {
          const u = positions[3 + k] - positions[k];
          positions[6 + k] = positions[k] + a * u;
          positions[9 + k] = positions[k] + b * u;
        }
      }
      const exact = Math.sqrt(segmentSegmentClosestPoints(positions, 0, 1, positions, 2, 3, params));
      const bound = segmentSegmentSeparation(positions, 0, 1, 2, 3);
      expect(Number.isFinite(bound), `finite bound at trial ${trial}`).toBe(true);
      worst = Math.max(worst, bound - exact);
      if (bound > 0) positive++;
    }
    expect(worst, 'largest excess of the bound over the exact distance').toBeLessThan(1e-12);
    expect(positive, 'pairs the bound separates (it must reject something to be worth computing)').toBeGreaterThan(2000);
  });

  it('stays below a brute-force sampled distance on 300 random pairs', () => {
    const next = random(5);
    const positions = new Float64Array(12);
    for (let trial = 0; trial < 300; trial++) {
      for (let k = 0; k < 12; k++) positions[k] = 4 * next() - 2;
      const bound = segmentSegmentSeparation(positions, 0, 1, 2, 3);
      expect(bound, `bound against sampled distance at trial ${trial}`).toBeLessThanOrEqual(sampledDistance(positions) + 1e-12);
    }
  });

  it('is the exact distance for two segments along the axis of their midpoints, and 0 for coincident midpoints', () => {
    // [0, 1] and [3, 5] on the x axis: 2 apart.
    const positions = new Float64Array([0, 0, 0, 1, 0, 0, 3, 0, 0, 5, 0, 0]);
    expect(segmentSegmentSeparation(positions, 0, 1, 2, 3), 'collinear gap').toBeCloseTo(2, 14);
    // Two segments crossing at their midpoints.
    const crossing = new Float64Array([-1, 0, 0, 1, 0, 0, 0, -1, 0, 0, 1, 0]);
    expect(segmentSegmentSeparation(crossing, 0, 1, 2, 3), 'coincident midpoints').toBe(0);
  });
});
