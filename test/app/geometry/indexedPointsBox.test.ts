// indexedPointsBox: the box of the listed points only, each side moved out by the margin.
import { describe, expect, it } from 'vitest';
import { indexedPointsBox } from '../../../app/geometry/index.ts';

describe('indexedPointsBox', () => {
  it('bounds exactly the listed points, grown by the margin on every side', () => {
    const points = new Float64Array([0, 0, 0, 1, -2, 3, -4, 5, 0.5, 100, 100, 100]);
    const list = new Uint32Array([3, 1, 2, 0]);
    const out = new Float64Array(8).fill(7);
    indexedPointsBox(points, list, 1, 2, 0.25, out, 1);
    expect(Array.from(out), 'points 1 and 2 only, into out[1..7)').toEqual([7, -4.25, -2.25, 0.25, 1.25, 5.25, 3.25, 7]);
  });

  it('a single point with no margin is a zero-size box at the point', () => {
    const out = new Float64Array(6);
    indexedPointsBox(new Float64Array([1, 2, 3]), new Uint32Array([0]), 0, 1, 0, out, 0);
    expect(Array.from(out), 'min = max = the point').toEqual([1, 2, 3, 1, 2, 3]);
  });
});
