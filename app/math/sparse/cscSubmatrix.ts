import type { CscMatrix } from './cscMatrix.ts';

/**
 * The principal submatrix A[keep, keep] of a square CSC matrix, renumbered by `newIndex` (old → new, −1 = dropped):
 * the free block L_ff of a Laplacian with Dirichlet vertices eliminated (ARAP handles, seed 004 §3.2), or Ŷ A Ŷᵀ of
 * Wang's basis (seed 004 Eq. 3.11). Row order inside each column stays increasing when newIndex is increasing on
 * the kept indices (the usual case), as every routine in app/math/sparse expects.
 *
 * @param matrix    square n×n CSC matrix
 * @param newIndex  #n new index of each row/column, −1 to drop; kept indices must be 0..m−1, each once, increasing
 * @param size      m, the number of kept indices
 * @returns the m×m submatrix
 */
export function cscSubmatrix(matrix: CscMatrix, newIndex: Int32Array, size: number): CscMatrix {
  const { columnCount: n, columnPointers, rowIndices, values } = matrix;
  const pointers = new Int32Array(size + 1);
  let nonzeros = 0;
  for (let j = 0; j < n; j++) {
    const column = newIndex[j];
    if (column < 0) continue;
    for (let p = columnPointers[j]; p < columnPointers[j + 1]; p++) if (newIndex[rowIndices[p]] >= 0) nonzeros++;
    pointers[column + 1] = nonzeros;
  }
  const rows = new Int32Array(nonzeros);
  const out = new Float64Array(nonzeros);
  let k = 0;
  for (let j = 0; j < n; j++) {
    if (newIndex[j] < 0) continue;
    for (let p = columnPointers[j]; p < columnPointers[j + 1]; p++) {
      const row = newIndex[rowIndices[p]];
      if (row < 0) continue;
      rows[k] = row;
      out[k++] = values[p];
    }
  }
  return { rowCount: size, columnCount: size, columnPointers: pointers, rowIndices: rows, values: out };
}
