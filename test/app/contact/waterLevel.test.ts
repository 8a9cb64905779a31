import { describe, expect, it } from 'vitest';
import { waterLevel } from '../../../app/contact/waterLevel.ts';

describe('waterLevel', () => {
  it('cuts the largest terms to a common level so that the cut terms sum to the limit', () => {
    // By hand: 3 and 0.1 against 1 → only 3 is cut, to 0.9; four equal terms against 1 → each to 0.25.
    expect(waterLevel(Float64Array.of(3, 0.1, 0, 0), 1)).toBeCloseTo(0.9, 15);
    expect(waterLevel(Float64Array.of(0, 0.1, 0, 3), 1)).toBeCloseTo(0.9, 15);
    expect(waterLevel(Float64Array.of(2, 2, 2, 2), 1)).toBeCloseTo(0.25, 15);
    expect(waterLevel(Float64Array.of(5, 0, 0, 0), 0), 'a zero limit stops every term').toBe(0);
    // Random terms in every order: Σ min(a_k, τ) = limit, and a term at or below τ is not cut.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let trial = 0; trial < 2000; trial++) {
      const terms = Float64Array.from({ length: 4 }, () => (random() < 0.2 ? 0 : random() ** 2));
      const sum = terms.reduce((a, b) => a + b, 0);
      if (!(sum > 0)) continue;
      const limit = random() * sum * 0.999;
      const level = waterLevel(terms, limit);
      expect(level).toBeGreaterThanOrEqual(0);
      const cut = terms.reduce((a, b) => a + Math.min(b, level), 0);
      expect(Math.abs(cut - limit), `terms ${Array.from(terms)} limit ${limit} level ${level}`).toBeLessThanOrEqual(1e-12 * sum);
      expect(level, 'below the largest term (something is cut)').toBeLessThan(Math.max(...terms));
    }
  });
});
