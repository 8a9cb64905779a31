import type { CscMatrix } from './cscMatrix.ts';

/** A CSC matrix assembled from triplets, plus where each triplet landed. */
export interface AssembledCscMatrix {
  matrix: CscMatrix;
  /**
   * #triplets index into matrix.values that triplet t was summed into. Re-assembling new values with the
   * same pattern is then `values.fill(0); for t: values[valueOfTriplet[t]] += v[t]`, which lets a caller
   * refactor (ldltFactorization) without rebuilding the pattern or the symbolic analysis.
   */
  valueOfTriplet: Int32Array;
}

/**
 * Assembles a CSC matrix from (row, column, value) triplets, summing duplicates (the usual finite-element
 * assembly). Two counting-sort passes (by row, then by column) leave every column's rows sorted, so the
 * cost is O(rows + columns + triplets) with no comparison sort.
 *
 * @param rowCount     number of rows
 * @param columnCount  number of columns
 * @param rows         #K row index of each triplet, in [0, rowCount)
 * @param columns      #K column index of each triplet, in [0, columnCount)
 * @param values       #K value of each triplet (duplicates are summed)
 * @param tripletCount K; defaults to rows.length (lets callers pass over-allocated arrays)
 * @returns the matrix and the triplet → value-slot map
 */
export function cscMatrixFromTriplets(
  rowCount: number,
  columnCount: number,
  rows: ArrayLike<number>,
  columns: ArrayLike<number>,
  values: ArrayLike<number>,
  tripletCount: number = rows.length,
): AssembledCscMatrix {
  if (!(Number.isInteger(rowCount) && rowCount >= 0 && Number.isInteger(columnCount) && columnCount >= 0)) {
    throw new RangeError(`cscMatrixFromTriplets: bad size ${rowCount}×${columnCount}`);
  }
  if (columns.length < tripletCount || values.length < tripletCount) {
    throw new RangeError('cscMatrixFromTriplets: rows, columns and values must hold tripletCount entries');
  }
  // Pass 1: bucket triplets by row.
  const rowStart = new Int32Array(rowCount + 1);
  for (let t = 0; t < tripletCount; t++) {
    const r = rows[t];
    const c = columns[t];
    if (!(r >= 0 && r < rowCount && c >= 0 && c < columnCount)) {
      throw new RangeError(`cscMatrixFromTriplets: triplet ${t} (${r}, ${c}) is outside ${rowCount}×${columnCount}`);
    }
    rowStart[r + 1]++;
  }
  for (let r = 0; r < rowCount; r++) rowStart[r + 1] += rowStart[r];
  const byRow = new Int32Array(tripletCount);
  const cursor = rowStart.slice(0, rowCount);
  for (let t = 0; t < tripletCount; t++) byRow[cursor[rows[t]]++] = t;

  // Pass 2: stable bucket by column, visiting rows in increasing order, so rows end up sorted per column.
  const columnStart = new Int32Array(columnCount + 1);
  for (let t = 0; t < tripletCount; t++) columnStart[columns[t] + 1]++;
  for (let c = 0; c < columnCount; c++) columnStart[c + 1] += columnStart[c];
  const byColumn = new Int32Array(tripletCount);
  const columnCursor = columnStart.slice(0, columnCount);
  for (let k = 0; k < tripletCount; k++) {
    const t = byRow[k];
    byColumn[columnCursor[columns[t]]++] = t;
  }

  // Pass 3: merge duplicates (adjacent after the sort) into slots.
  const columnPointers = new Int32Array(columnCount + 1);
  const valueOfTriplet = new Int32Array(tripletCount);
  let slotCount = 0;
  for (let c = 0; c < columnCount; c++) {
    let lastRow = -1;
    for (let k = columnStart[c]; k < columnStart[c + 1]; k++) {
      const t = byColumn[k];
      if (rows[t] !== lastRow) {
        lastRow = rows[t];
        slotCount++;
      }
      valueOfTriplet[t] = slotCount - 1;
    }
    columnPointers[c + 1] = slotCount;
  }
  const rowIndices = new Int32Array(slotCount);
  const matrixValues = new Float64Array(slotCount);
  for (let k = 0; k < tripletCount; k++) {
    const t = byColumn[k];
    const slot = valueOfTriplet[t];
    rowIndices[slot] = rows[t];
    matrixValues[slot] += values[t];
  }
  return { matrix: { rowCount, columnCount, columnPointers, rowIndices, values: matrixValues }, valueOfTriplet };
}
