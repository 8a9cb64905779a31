// poseCorrectionWeight: 0 outside the eased range, 1 from the key through the hold, a C¹ smoothstep in between
// (no pop, no kink), and 0 when disabled.
import { describe, expect, it } from 'vitest';
import type { PoseCorrection } from '../../../app/document/index.ts';
import { poseCorrectionWeight } from '../../../app/poseCorrections/poseCorrectionWeight.ts';

const correction = (extra: Partial<PoseCorrection> = {}): PoseCorrection => ({
  id: 'c',
  mesh: 'm',
  frame: 10,
  easeIn: 4,
  easeOut: 6,
  hold: 2,
  vertices: [],
  offsets: [],
  ...extra,
});

describe('poseCorrectionWeight', () => {
  it('is 0 outside, 1 at the key and through the hold, and eases with zero slope at every key', () => {
    const c = correction();
    expect(poseCorrectionWeight(c, 5.9), 'before the ease-in').toBe(0);
    expect(poseCorrectionWeight(c, 6), 'at the start of the ease-in').toBe(0);
    expect(poseCorrectionWeight(c, 8), 'halfway in').toBeCloseTo(0.5, 12);
    expect(poseCorrectionWeight(c, 10), 'at the key').toBe(1);
    expect(poseCorrectionWeight(c, 12), 'end of the hold').toBe(1);
    expect(poseCorrectionWeight(c, 15), 'halfway out').toBeCloseTo(0.5, 12);
    expect(poseCorrectionWeight(c, 18), 'after the ease-out').toBe(0);
    const h = 1e-6;
    for (const key of [6, 10, 12, 18]) {
      const slope = (poseCorrectionWeight(c, key + h) - poseCorrectionWeight(c, key - h)) / (2 * h);
      expect(Math.abs(slope), `slope at frame ${key}`).toBeLessThan(1e-5);
    }
    let previous = -1;
    for (let f = 6; f <= 10; f += 0.25) {
      const w = poseCorrectionWeight(c, f);
      expect(w, `monotone rise at ${f}`).toBeGreaterThanOrEqual(previous);
      previous = w;
    }
  });

  it('steps when the eases are 0, and is 0 when disabled', () => {
    const c = correction({ easeIn: 0, easeOut: 0, hold: 0 });
    expect(poseCorrectionWeight(c, 9.999), 'just before').toBe(0);
    expect(poseCorrectionWeight(c, 10), 'at the key').toBe(1);
    expect(poseCorrectionWeight(c, 10.001), 'just after').toBe(0);
    expect(poseCorrectionWeight(correction({ enabled: false }), 10), 'disabled').toBe(0);
  });
});
