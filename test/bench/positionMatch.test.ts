import { describe, expect, it } from 'vitest';
import { positionMatch } from '../../bench/positionMatch.ts';

describe('positionMatch', () => {
  // A 4×4×4 grid of points 1 cm apart, and the same points shuffled, each moved by less than the tolerance.
  const from = new Float64Array(3 * 64);
  for (let v = 0; v < 64; v++) from.set([0.01 * (v % 4), 0.01 * (Math.floor(v / 4) % 4), 0.01 * Math.floor(v / 16)], 3 * v);
  const order = Array.from({ length: 64 }, (_, v) => (v * 37) % 64); // a permutation (37 is prime to 64)
  const to = new Float64Array(3 * 64);
  order.forEach((v, b) => {
    for (let c = 0; c < 3; c++) to[3 * b + c] = from[3 * v + c] + 2e-5 * Math.sin(7 * b + c);
  });

  it('finds each vertex after a shuffle and small noise', () => {
    const match = positionMatch(from, to, 1e-4);
    for (let v = 0; v < 64; v++) expect(order[match[v]], `vertex ${v} matched to the moved copy of itself`).toBe(v);
  });

  it('takes the nearest when two lie within the tolerance, across a cell boundary', () => {
    // The query at 1.03e-4 lies in cell 1 (of 1e-4); 0.4e-4 (cell 0, 0.63e-4 away) is seen first, 1.01e-4 is nearer.
    const match = positionMatch([1.03e-4, 0, 0], [0.4e-4, 0, 0, 1.01e-4, 0, 0], 1e-4);
    expect(match[0], 'the closer of the two candidates').toBe(1);
  });

  it('names a vertex with nothing within the tolerance', () => {
    expect(() => positionMatch([0, 0, 0, 1, 1, 1], [0, 0, 0], 1e-3), 'vertex 1 has no match').toThrow(/vertex 1 .* no match within 0\.001 m/);
  });
});
