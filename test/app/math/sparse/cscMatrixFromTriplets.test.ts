// cscMatrixFromTriplets: duplicates are summed, rows come out sorted per column, and valueOfTriplet lets a
// caller re-assemble new values into the same pattern.
import { describe, expect, it } from 'vitest';
import { cscMatrixFromTriplets } from '../../../../app/math/sparse/index.ts';
import { random } from './helpers.ts';

describe('cscMatrixFromTriplets', () => {
  it('sums duplicate triplets into the dense matrix they describe', () => {
    const next = random(7);
    const rowCount = 9;
    const columnCount = 7;
    const rows: number[] = [];
    const columns: number[] = [];
    const values: number[] = [];
    const dense = new Float64Array(rowCount * columnCount);
    for (let t = 0; t < 200; t++) {
      const r = Math.floor(next() * rowCount);
      const c = Math.floor(next() * columnCount);
      const v = next() - 0.5;
      rows.push(r);
      columns.push(c);
      values.push(v);
      dense[r * columnCount + c] += v;
    }
    const { matrix } = cscMatrixFromTriplets(rowCount, columnCount, rows, columns, values);
    const rebuilt = new Float64Array(rowCount * columnCount);
    for (let c = 0; c < columnCount; c++) {
      let last = -1;
      for (let p = matrix.columnPointers[c]; p < matrix.columnPointers[c + 1]; p++) {
        expect(matrix.rowIndices[p], `rows increase in column ${c}`).toBeGreaterThan(last);
        last = matrix.rowIndices[p];
        rebuilt[last * columnCount + c] = matrix.values[p];
      }
    }
    for (let i = 0; i < dense.length; i++) expect(rebuilt[i], `entry ${i}`).toBeCloseTo(dense[i], 12);
  });

  it('maps every triplet to the slot it was summed into', () => {
    const rows = [2, 0, 2, 1, 0];
    const columns = [1, 0, 1, 1, 0];
    const values = [1, 2, 3, 4, 5];
    const { matrix, valueOfTriplet } = cscMatrixFromTriplets(3, 2, rows, columns, values);
    expect(Array.from(matrix.values), 'summed values').toEqual([7, 4, 4]);
    const again = new Float64Array(matrix.values.length);
    values.forEach((v, t) => (again[valueOfTriplet[t]] += 10 * v));
    expect(Array.from(again), 're-assembled through valueOfTriplet').toEqual([70, 40, 40]);
  });

  it('rejects triplets outside the matrix', () => {
    expect(() => cscMatrixFromTriplets(2, 2, [2], [0], [1]), 'row 2 of a 2×2').toThrow(/outside 2×2/);
  });
});
