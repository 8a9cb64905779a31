import type { CscMatrix } from './cscMatrix.ts';

/**
 * y = A·x for a CSC matrix, with x and y holding `columns` interleaved right-hand sides
 * (row-major #n×columns, e.g. #V×3 positions), the layout ldltSolve uses.
 *
 * @param matrix   A, rowCount×columnCount
 * @param x        #columnCount×columns input, row-major
 * @param out      #rowCount×columns output, row-major; overwritten; may not alias x
 * @param columns  number of interleaved vectors (default 1)
 * @returns out
 */
export function sparseMatrixVectorProduct(matrix: CscMatrix, x: ArrayLike<number>, out: Float64Array, columns = 1): Float64Array {
  const { columnCount, columnPointers, rowIndices, values } = matrix;
  out.fill(0, 0, matrix.rowCount * columns);
  for (let j = 0; j < columnCount; j++) {
    for (let p = columnPointers[j]; p < columnPointers[j + 1]; p++) {
      const value = values[p];
      const row = rowIndices[p] * columns;
      for (let c = 0; c < columns; c++) out[row + c] += value * x[j * columns + c];
    }
  }
  return out;
}
