// mergedInfluences: a joint named twice has its weights summed, non-positive and NaN weights are dropped, the list is
// strongest first with ties to the lower joint, and a vertex without a positive weight goes wholly to its first joint.
import { describe, expect, it } from 'vitest';
import { mergedInfluences } from '../../../app/export/mergedInfluences.ts';

describe('mergedInfluences', () => {
  it('sums a repeated joint, drops non-positive and NaN weights, sorts strongest first with ties to the lower joint', () => {
    const joints = [7, 3, 7, 5, 9, 2];
    const weights = [0.25, 0.5, 0.25, 0.5, 0, Number.NaN];
    expect(mergedInfluences(joints, weights, 6, 0), 'joint 7 twice: 0.5, tied with 3 and 5').toEqual([
      [3, 0.5],
      [5, 0.5],
      [7, 0.5],
    ]);
  });

  it('gives a vertex without a positive weight wholly to its first joint, reading its own row of K', () => {
    const joints = [1, 2, 4, 6];
    const weights = [1, 0, 0, -1];
    expect(mergedInfluences(joints, weights, 2, 1), 'the second vertex (joints 4, 6), no positive weight').toEqual([[4, 1]]);
    expect(mergedInfluences(joints, weights, 2, 0), 'the first vertex').toEqual([[1, 1]]);
  });
});
