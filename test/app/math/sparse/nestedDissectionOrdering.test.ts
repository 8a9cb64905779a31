// nestedDissectionOrdering: a permutation, even for disconnected graphs, that cuts the fill of a 3-D grid
// factor well below the natural (banded) order, as nested dissection theory predicts (O(n^{4/3}) vs O(n^{5/3})).
import { describe, expect, it } from 'vitest';
import { cscMatrixFromTriplets, ldltSymbolic, nestedDissectionOrdering } from '../../../../app/math/sparse/index.ts';
import { gridLaplacian, randomSpd } from './helpers.ts';

function isPermutation(order: Int32Array, n: number): boolean {
  const seen = new Uint8Array(n);
  for (const v of order) {
    if (v < 0 || v >= n || seen[v]) return false;
    seen[v] = 1;
  }
  return order.length === n;
}

describe('nestedDissectionOrdering', () => {
  it('returns a permutation for a random sparse matrix', () => {
    const { rows, columns, values } = randomSpd(300, 3, 1);
    const { matrix } = cscMatrixFromTriplets(300, 300, rows, columns, values);
    expect(isPermutation(nestedDissectionOrdering(matrix), 300), 'permutation of 0..299').toBe(true);
  });

  it('returns a permutation for a graph of many components and for tiny graphs', () => {
    // Ten disjoint 5³ grids.
    const rows: number[] = [];
    const columns: number[] = [];
    const values: number[] = [];
    const block = gridLaplacian(5, 1);
    for (let c = 0; c < 10; c++) {
      block.rows.forEach((r, t) => {
        rows.push(r + c * block.n);
        columns.push(block.columns[t] + c * block.n);
        values.push(block.values[t]);
      });
    }
    const n = 10 * block.n;
    const { matrix } = cscMatrixFromTriplets(n, n, rows, columns, values);
    expect(isPermutation(nestedDissectionOrdering(matrix), n), '10 components').toBe(true);
    for (const size of [0, 1, 2]) {
      const diagonal = cscMatrixFromTriplets(size, size, [...Array(size).keys()], [...Array(size).keys()], Array(size).fill(1)).matrix;
      expect(isPermutation(nestedDissectionOrdering(diagonal), size), `${size}×${size}`).toBe(true);
    }
  });

  it('gives a 20³ grid Laplacian at least 3× less fill than the natural order', () => {
    const grid = gridLaplacian(20, 0.01);
    const { matrix } = cscMatrixFromTriplets(grid.n, grid.n, grid.rows, grid.columns, grid.values);
    const natural = ldltSymbolic(matrix, { ordering: 'natural' }).factorNonzeros;
    const dissected = ldltSymbolic(matrix, { ordering: 'nested-dissection' }).factorNonzeros;
    expect(natural / dissected, `fill natural ${natural} vs nested dissection ${dissected}`).toBeGreaterThan(3);
  });
});
