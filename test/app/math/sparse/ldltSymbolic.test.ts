// ldltSymbolic: the predicted pattern size of L equals that of a dense symbolic elimination of the permuted
// matrix (fill computed independently by eliminating a boolean graph), and bad orderings are refused.
import { describe, expect, it } from 'vitest';
import { cscMatrixFromTriplets, ldltSymbolic } from '../../../../app/math/sparse/index.ts';
import { randomSpd } from './helpers.ts';

/** nnz of the strictly lower factor of P·A·Pᵀ by eliminating a dense boolean graph. */
function denseFill(pattern: Uint8Array, n: number, order: Int32Array): number {
  const g = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) g[i * n + j] = pattern[order[i] * n + order[j]];
  let count = 0;
  for (let k = 0; k < n; k++) {
    const below: number[] = [];
    for (let i = k + 1; i < n; i++) if (g[i * n + k]) below.push(i);
    count += below.length;
    for (const a of below) for (const b of below) g[a * n + b] = 1;
  }
  return count;
}

describe('ldltSymbolic', () => {
  it('predicts exactly the fill of dense symbolic elimination, for natural and nested-dissection orders', () => {
    for (const seed of [1, 2, 3]) {
      const n = 90;
      const { rows, columns, values } = randomSpd(n, 2, seed);
      const { matrix } = cscMatrixFromTriplets(n, n, rows, columns, values);
      const pattern = new Uint8Array(n * n);
      rows.forEach((r, t) => (pattern[r * n + columns[t]] = 1));
      for (const ordering of ['natural', 'nested-dissection'] as const) {
        const symbolic = ldltSymbolic(matrix, { ordering });
        expect(symbolic.structuralNonzeros, `seed ${seed}, ${ordering}`).toBe(denseFill(pattern, n, symbolic.order));
        expect(symbolic.factorNonzeros, `seed ${seed}, ${ordering}: stored ≥ structural`).toBeGreaterThanOrEqual(symbolic.structuralNonzeros);
      }
    }
  });

  it('refuses an ordering that is not a permutation', () => {
    const { matrix } = cscMatrixFromTriplets(3, 3, [0, 1, 2], [0, 1, 2], [1, 1, 1]);
    expect(() => ldltSymbolic(matrix, { ordering: Int32Array.from([0, 0, 2]) }), 'repeated index').toThrow(/not a permutation/);
    expect(() => ldltSymbolic(matrix, { ordering: Int32Array.from([0, 1]) }), 'short').toThrow(/2 entries/);
  });
});
