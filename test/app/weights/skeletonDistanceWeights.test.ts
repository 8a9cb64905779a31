// skeletonDistanceWeights: zero on the bones, rising with distance to maxWeight, halved where skin weights split
// evenly, and independent of the asset's unit of length.
import { describe, expect, it } from 'vitest';
import { skeletonDistanceWeights } from '../../../app/weights/index.ts';

describe('skeletonDistanceWeights', () => {
  // A bone along x from 0 to 1, vertices at growing distance from it.
  const segment = [0, 0, 0, 1, 0, 0];
  const distances = [0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
  const positions = distances.flatMap((d) => [0.5, d, 0]);

  it('is zero on the bone, grows monotonically with distance and reaches maxWeight at the quantile', () => {
    const weights = skeletonDistanceWeights(positions, null, segment, 0.8, 0.9);
    expect(weights[0], 'on the bone').toBe(0);
    for (let i = 1; i < weights.length; i++) expect(weights[i], `farther vertex ${i}`).toBeGreaterThanOrEqual(weights[i - 1]);
    expect(weights[8], 'the 90% quantile reaches maxWeight').toBeCloseTo(0.8, 6);
    expect(weights[9], 'beyond it stays at maxWeight').toBeCloseTo(0.8, 6);
  });

  it('halves the weight of a vertex split evenly between two joints', () => {
    const dominant = distances.map((_, i) => (i === 9 ? 0.5 : 1));
    const weights = skeletonDistanceWeights(positions, dominant, segment, 0.8, 0.9);
    expect(weights[9], 'a 50/50 vertex').toBeCloseTo(0.4, 6);
  });

  it('gives the same weights in centimeters as in meters', () => {
    const meters = skeletonDistanceWeights(positions, null, segment, 0.8, 0.9);
    const centimeters = skeletonDistanceWeights(positions.map((x) => 100 * x), null, segment.map((x) => 100 * x), 0.8, 0.9);
    for (let i = 0; i < meters.length; i++) expect(centimeters[i], `vertex ${i}`).toBeCloseTo(meters[i], 6);
  });

  it('the end of a bone counts: a vertex beyond the tip measures its distance to the tip', () => {
    const weights = skeletonDistanceWeights([2, 0, 0, 1.1, 0, 0, 0.5, 0.1, 0], null, segment, 1, 1);
    expect(weights[1], 'just past the tip, 0.1 m away').toBeLessThan(weights[0]);
    expect(weights[0], 'the farthest vertex reaches maxWeight').toBeCloseTo(1, 6);
  });
});
