// ldltFactorization + ldltSolve: solutions agree with dense Gaussian elimination, for one and several
// interleaved right-hand sides and every ordering; refactoring reuses the analysis; a matrix that is not
// positive definite is refused with the row it failed at, unless quasi-definite solving is asked for.
import { describe, expect, it } from 'vitest';
import { cscMatrixFromTriplets, ldltFactorization, ldltSolve, ldltSymbolic, sparseMatrixVectorProduct } from '../../../../app/math/sparse/index.ts';
import { denseSolve, random, randomSpd } from './helpers.ts';

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe('ldltFactorization and ldltSolve', () => {
  for (const ordering of ['natural', 'nested-dissection'] as const) {
    it(`solve random SPD systems as dense elimination does (${ordering} order)`, () => {
      for (const [n, density, seed] of [
        [1, 0, 1],
        [12, 2, 2],
        [150, 3, 3],
        [400, 4, 4],
      ]) {
        const { rows, columns, values, dense } = randomSpd(n, density, seed);
        const { matrix } = cscMatrixFromTriplets(n, n, rows, columns, values);
        const factor = ldltFactorization(ldltSymbolic(matrix, { ordering }), matrix);
        const next = random(seed + 100);
        const b = Float64Array.from({ length: n }, () => next() - 0.5);
        const x = ldltSolve(factor, b, new Float64Array(n));
        expect(maxDifference(x, denseSolve(dense, n, b)), `n = ${n}`).toBeLessThan(1e-10);
      }
    });
  }

  it('solves 1, 3 and 5 interleaved right-hand sides, in place too', () => {
    const n = 120;
    const { rows, columns, values, dense } = randomSpd(n, 3, 9);
    const { matrix } = cscMatrixFromTriplets(n, n, rows, columns, values);
    const factor = ldltFactorization(ldltSymbolic(matrix), matrix);
    const next = random(10);
    for (const m of [1, 3, 5]) {
      const b = Float64Array.from({ length: n * m }, () => next() - 0.5);
      const x = ldltSolve(factor, b, new Float64Array(n * m), m);
      for (let c = 0; c < m; c++) {
        const column = Float64Array.from({ length: n }, (_, i) => b[i * m + c]);
        const reference = denseSolve(dense, n, column);
        const solved = Float64Array.from({ length: n }, (_, i) => x[i * m + c]);
        expect(maxDifference(solved, reference), `column ${c} of ${m}`).toBeLessThan(1e-10);
      }
      const inPlace = Float64Array.from(b);
      ldltSolve(factor, inPlace, inPlace, m);
      expect(maxDifference(inPlace, x), `in place, ${m} columns`).toBe(0);
    }
  });

  it('refactors new values with the same analysis (reuse) and reads an upper-triangle-only matrix', () => {
    const n = 80;
    const first = randomSpd(n, 3, 21);
    const { matrix, valueOfTriplet } = cscMatrixFromTriplets(n, n, first.rows, first.columns, first.values);
    const symbolic = ldltSymbolic(matrix);
    const factor = ldltFactorization(symbolic, matrix);
    // Scale the matrix by 3: the solution of the same b scales by 1/3.
    const scaled = { ...matrix, values: new Float64Array(matrix.values.length) };
    first.values.forEach((v, t) => (scaled.values[valueOfTriplet[t]] += 3 * v));
    const again = ldltFactorization(symbolic, scaled, {}, factor);
    expect(again, 'arrays reused').toBe(factor);
    const b = Float64Array.from({ length: n }, (_, i) => Math.sin(i));
    const x = ldltSolve(again, b, new Float64Array(n));
    const reference = denseSolve(first.dense, n, b).map((v) => v / 3);
    expect(maxDifference(x, reference), 'scaled system').toBeLessThan(1e-10);
    // Upper triangle only.
    const upper = first.rows.map((r, t) => (r <= first.columns[t] ? t : -1)).filter((t) => t >= 0);
    const upperMatrix = cscMatrixFromTriplets(
      n,
      n,
      upper.map((t) => first.rows[t]),
      upper.map((t) => first.columns[t]),
      upper.map((t) => first.values[t]),
    ).matrix;
    const y = ldltSolve(ldltFactorization(ldltSymbolic(upperMatrix), upperMatrix), b, new Float64Array(n));
    expect(maxDifference(y, denseSolve(first.dense, n, b)), 'upper triangle input').toBeLessThan(1e-10);
  });

  it('refuses an indefinite matrix in positive-definite mode, naming the failing row', () => {
    // [[1, 2], [2, 1]] has eigenvalues 3 and -1.
    const { matrix } = cscMatrixFromTriplets(2, 2, [0, 0, 1, 1], [0, 1, 0, 1], [1, 2, 2, 1]);
    expect(() => ldltFactorization(ldltSymbolic(matrix, { ordering: 'natural' }), matrix), 'indefinite').toThrow(/not positive definite.*row\/column 1/);
  });

  it('solves a quasi-definite saddle-point system when positiveDefinite is false', () => {
    // [[A, Bᵀ], [B, -εI]] with A SPD: LDLᵀ exists for every ordering that keeps A's block first.
    const A = randomSpd(6, 2, 33);
    const rows = [...A.rows];
    const columns = [...A.columns];
    const values = [...A.values];
    const n = 8;
    const dense = new Float64Array(n * n);
    for (let t = 0; t < A.rows.length; t++) dense[A.rows[t] * n + A.columns[t]] = A.values[t];
    const B = [
      [1, 0, 1, 0, 0, 1],
      [0, 1, 0, 1, 1, 0],
    ];
    for (let r = 0; r < 2; r++) {
      for (let c = 0; c < 6; c++) {
        if (!B[r][c]) continue;
        rows.push(6 + r, c);
        columns.push(c, 6 + r);
        values.push(B[r][c], B[r][c]);
        dense[(6 + r) * n + c] = B[r][c];
        dense[c * n + 6 + r] = B[r][c];
      }
      rows.push(6 + r);
      columns.push(6 + r);
      values.push(-1e-3);
      dense[(6 + r) * n + 6 + r] = -1e-3;
    }
    const { matrix } = cscMatrixFromTriplets(n, n, rows, columns, values);
    const factor = ldltFactorization(ldltSymbolic(matrix, { ordering: 'natural' }), matrix, { positiveDefinite: false });
    const b = Float64Array.from({ length: n }, (_, i) => i - 3);
    const x = ldltSolve(factor, b, new Float64Array(n));
    expect(maxDifference(x, denseSolve(dense, n, b)), 'saddle point').toBeLessThan(1e-9);
    const residual = sparseMatrixVectorProduct(matrix, x, new Float64Array(n));
    expect(maxDifference(residual, b), 'A·x = b').toBeLessThan(1e-9);
  });
});
