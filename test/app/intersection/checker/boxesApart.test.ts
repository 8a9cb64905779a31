// boxesApart: 0 exactly when two closed boxes share a point (touching faces count), whichever axis separates them.
import { describe, expect, it } from 'vitest';
import { boxesApart } from '../../../../app/intersection/checker/boxesApart.ts';

describe('boxesApart', () => {
  const unit = new Float64Array([0, 0, 0, 1, 1, 1]);
  it('overlapping, nested and touching boxes are not apart', () => {
    for (const other of [
      [0.5, 0.5, 0.5, 2, 2, 2],
      [0.2, 0.2, 0.2, 0.3, 0.3, 0.3],
      [1, 0, 0, 2, 1, 1],
      [-1, -1, -1, 0, 0, 0],
    ]) {
      const box = new Float64Array(other);
      expect(boxesApart(unit, 0, box, 0), `unit vs ${other}`).toBe(0);
      expect(boxesApart(box, 0, unit, 0), `${other} vs unit`).toBe(0);
    }
  });

  it('a gap along any one axis, on either side, makes them apart', () => {
    for (let axis = 0; axis < 3; axis++) {
      for (const side of [-1, 1]) {
        const box = new Float64Array([0, 0, 0, 1, 1, 1]);
        box[axis] += 1.5 * side;
        box[axis + 3] += 1.5 * side;
        expect(boxesApart(unit, 0, box, 0), `axis ${axis}, side ${side}`).not.toBe(0);
        expect(boxesApart(box, 0, unit, 0), `axis ${axis}, side ${side}, swapped`).not.toBe(0);
      }
    }
  });

  it('reads each box at its offset', () => {
    const boxes = new Float64Array([5, 5, 5, 6, 6, 6, 0.5, 0.5, 0.5, 0.6, 0.6, 0.6]);
    expect(boxesApart(unit, 0, boxes, 0), 'the first box is far').not.toBe(0);
    expect(boxesApart(unit, 0, boxes, 6), 'the second box is inside').toBe(0);
  });
});
