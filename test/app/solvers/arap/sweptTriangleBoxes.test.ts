import { describe, expect, it } from 'vitest';
import { sweptTriangleBoxes } from '../../../../app/solvers/arap/sweptTriangleBoxes.ts';

describe('sweptTriangleBoxes', () => {
  it('each box is the smallest holding the triangle at both times, grown by r on every side', () => {
    const triangles = new Uint32Array([0, 1, 2, 1, 3, 2]);
    const previous = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
    const points = new Float64Array([0.5, 0, -1, 1, 0, 0, 0, 2, 0, 3, 1, 0.25]);
    const boxes = new Float64Array(12);
    sweptTriangleBoxes(triangles, 2, points, previous, 0.1, boxes);
    expect(
      Array.from(boxes.subarray(0, 6)).map((x) => Number(x.toFixed(12))),
      'triangle 0: x from 0 to 1, y from 0 to 2, z from −1 to 0',
    ).toEqual([-0.1, -0.1, -1.1, 1.1, 2.1, 0.1]);
    expect(
      Array.from(boxes.subarray(6, 12)).map((x) => Number(x.toFixed(12))),
      'triangle 1: corner 3 moved to (3, 1, 0.25)',
    ).toEqual([-0.1, -0.1, -0.1, 3.1, 2.1, 0.35]);
  });
});
