import { ldltFactorization, ldltSymbolic, type CscMatrix, type LdltFactorization } from '../../math/sparse/index.ts';

/**
 * Sparse LDLᵀ of a dense symmetric r×r matrix, its exact zeros dropped (reduced ARAP's L̃, seed 004 Eq. 3.19: the
 * local–local blocks of distant groups are zero, so the factor stays sparse although the matrix is stored dense).
 *
 * @param L  r×r symmetric matrix, row-major (both triangles present)
 * @param r  its order
 * @returns the factorization (solve with ldltSolve)
 */
export function factorDense(L: Float64Array, r: number): LdltFactorization {
  const pointers = new Int32Array(r + 1);
  let count = 0;
  for (let j = 0; j < r; j++) {
    for (let i = 0; i < r; i++) if (L[i * r + j] !== 0) count++;
    pointers[j + 1] = count;
  }
  const rows = new Int32Array(count);
  const values = new Float64Array(count);
  count = 0;
  for (let j = 0; j < r; j++) {
    for (let i = 0; i < r; i++) {
      const x = L[i * r + j];
      if (x === 0) continue;
      rows[count] = i;
      values[count++] = x;
    }
  }
  const matrix: CscMatrix = { rowCount: r, columnCount: r, columnPointers: pointers, rowIndices: rows, values };
  return ldltFactorization(ldltSymbolic(matrix), matrix);
}
