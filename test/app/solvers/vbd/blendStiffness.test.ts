import { describe, expect, it } from 'vitest';
import { blendStiffness } from '../../../../app/solvers/vbd/index.ts';

describe('blendStiffness', () => {
  it('maps weight 0 to a pin, 1 to no spring, and in between to k = mκ(1−w)/w (frequency √(κ(1−w)/w))', () => {
    expect(blendStiffness(2, 0, 1000), 'w = 0 pins').toBe(Number.POSITIVE_INFINITY);
    expect(blendStiffness(2, 1, 1000), 'w = 1 free').toBe(0);
    expect(blendStiffness(2, 0.5, 1000), 'w = ½: k = mκ').toBeCloseTo(2000, 12);
    expect(Math.sqrt(blendStiffness(3, 0.2, 400) / 3), 'ω at w = 0.2').toBeCloseTo(Math.sqrt((400 * 0.8) / 0.2), 12);
    // monotone: more weight, less stiffness
    let previous = Number.POSITIVE_INFINITY;
    for (let w = 0.05; w <= 1; w += 0.05) {
      const k = blendStiffness(1, w, 1000);
      expect(k, `monotone at w = ${w}`).toBeLessThan(previous);
      previous = k;
    }
  });
});
