// ldltSymbolic: the predicted pattern size of L equals that of a dense symbolic elimination of the permuted
// matrix (fill computed independently by eliminating a boolean graph), and bad orderings are refused.
import { describe, expect, it } from 'vitest';
import { cscMatrixFromTriplets, ldltSymbolic, MAX_FACTOR_ENTRIES } from '../../../../app/math/sparse/index.ts';
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

describe('ldltSymbolic size guard', () => {
  // An arrow matrix with its dense row first fills completely under the natural order: nnz(L) = n(n−1)/2.
  function arrow(n: number) {
    const rows: number[] = [];
    const columns: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < n; i++) {
      rows.push(i);
      columns.push(i);
      values.push(n);
      if (i > 0) {
        rows.push(0, i);
        columns.push(i, 0);
        values.push(1, 1);
      }
    }
    return cscMatrixFromTriplets(n, n, rows, columns, values).matrix;
  }

  it('refuses a factor larger than its limit with the size, instead of wrapping Int32Array pointers (resolution-256 lattices)', () => {
    const n = 400;
    const full = (n * (n - 1)) / 2;
    expect(ldltSymbolic(arrow(n), { ordering: 'natural', maxFactorEntries: full }).structuralNonzeros, 'exactly at the limit').toBe(full);
    expect(() => ldltSymbolic(arrow(n), { ordering: 'natural', maxFactorEntries: full - 1 }), 'one entry over').toThrow(
      /would store more than \d+ entries .* GiB.*beyond the limit of 79799/,
    );
  });

  it('never allows more than an Int32Array pointer holds', () => {
    expect(MAX_FACTOR_ENTRIES, 'the int32 limit').toBe(2 ** 31 - 1);
    const symbolic = ldltSymbolic(arrow(50), { ordering: 'natural', maxFactorEntries: 2 ** 40 });
    expect(symbolic.factorNonzeros, 'a larger request is capped, small factors still work').toBe((50 * 49) / 2);
  });
});
