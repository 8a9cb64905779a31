import { describe, expect, it } from 'vitest';
import { waterLevel } from '../../../app/contact/waterLevel.ts';

describe('waterLevel', () => {
  const ones = Float64Array.of(1, 1, 1, 1);
  it('cuts the largest amounts to a common level so that the weighted cut amounts sum to the limit', () => {
    // By hand: amounts 3 and 0.1 against 1 → only 3 is cut, to 0.9; four equal amounts against 1 → each to 0.25.
    expect(waterLevel(ones, Float64Array.of(3, 0.1, 0, 0), 1)).toBeCloseTo(0.9, 15);
    expect(waterLevel(ones, Float64Array.of(0, 0.1, 0, 3), 1)).toBeCloseTo(0.9, 15);
    expect(waterLevel(ones, Float64Array.of(2, 2, 2, 2), 1)).toBeCloseTo(0.25, 15);
    expect(waterLevel(ones, Float64Array.of(5, 0, 0, 0), 0), 'a zero limit stops every amount').toBe(0);
    // Weights 0.7 and 0.3 (an embedded point), both moved 5 against 0.45: both to 0.45, the weight sum's share;
    // only the first moved 5 (the other 0.3): 0.7·L + 0.09 = 0.45.
    expect(waterLevel(Float64Array.of(0.7, 0.3, 0, 0), Float64Array.of(5, 5, 0, 0), 0.45)).toBeCloseTo(0.45, 15);
    expect(waterLevel(Float64Array.of(0.7, 0.3, 0, 0), Float64Array.of(5, 0.3, 0, 0), 0.45)).toBeCloseTo(0.36 / 0.7, 15);
    // Random weights and amounts in every order: Σ c·min(a, L) = limit, L ≥ limit / Σ c (never below the smallest
    // bound share), and L below the largest amount (something is cut).
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let trial = 0; trial < 2000; trial++) {
      const weights = Float64Array.from({ length: 4 }, () => (random() < 0.2 ? 0 : random()));
      const amounts = Float64Array.from({ length: 4 }, (_, k) => (weights[k] === 0 ? 0 : random() ** 2));
      const sum = weights.reduce((s, c, k) => s + c * amounts[k], 0);
      if (!(sum > 0)) continue;
      const limit = random() * sum * 0.999;
      const level = waterLevel(weights, amounts, limit);
      const cut = weights.reduce((s, c, k) => s + c * Math.min(amounts[k], level), 0);
      const context = `weights ${Array.from(weights)} amounts ${Array.from(amounts)} limit ${limit} level ${level}`;
      expect(Math.abs(cut - limit), context).toBeLessThanOrEqual(1e-12 * sum);
      expect(level, context).toBeGreaterThanOrEqual((limit / weights.reduce((a, b) => a + b, 0)) * (1 - 1e-12));
      expect(level, context).toBeLessThan(Math.max(...amounts));
    }
  });
});
