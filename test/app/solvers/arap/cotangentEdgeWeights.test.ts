// cotangentEdgeWeights: ½(cot α + cot β) on a square split in two right triangles, and obtuse angles clamped.
import { describe, expect, it } from 'vitest';
import { cotangentEdgeWeights } from '../../../../app/solvers/arap/cotangentEdgeWeights.ts';

describe('cotangentEdgeWeights', () => {
  it('gives 0 (clamped to the floor) on the diagonal of a unit square and ½ on its sides', () => {
    // Square 0(0,0) 1(1,0) 2(1,1) 3(0,1), diagonal 0–2: the angles opposite the diagonal are 90° (cot 0).
    const { pairs, weights } = cotangentEdgeWeights([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 1, 2, 0, 2, 3]);
    const weight = (a: number, b: number) => weights[Array.from({ length: weights.length }).findIndex((_, e) => pairs[2 * e] === a && pairs[2 * e + 1] === b)];
    expect(weight(0, 1), 'side 01: cot 45° / 2').toBeCloseTo(0.5, 12);
    expect(weight(0, 2), 'diagonal: clamped to 1e-4 of the mean').toBeCloseTo(1e-4 * 0.5, 12);
  });

  it('clamps the negative weight opposite an obtuse angle', () => {
    // Triangle with a 150° angle at vertex 2 opposite edge 0–1.
    const { weights } = cotangentEdgeWeights([0, 0, 0, 2, 0, 0, 1, 0.27, 0], [0, 1, 2]);
    for (let e = 0; e < weights.length; e++) expect(weights[e], `weight ${e}`).toBeGreaterThan(0);
  });
});
