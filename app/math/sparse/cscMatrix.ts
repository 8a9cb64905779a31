/**
 * Compressed sparse column (CSC) storage, the layout every routine in app/math/sparse reads and writes.
 *
 * Column j holds the entries rowIndices[p], values[p] for p in [columnPointers[j], columnPointers[j+1]),
 * with row indices strictly increasing inside a column (no duplicates). A symmetric matrix is stored with
 * both triangles (the "full" pattern), which is what the orderings and the LDLᵀ analysis expect.
 */
export interface CscMatrix {
  /** number of rows */
  rowCount: number;
  /** number of columns */
  columnCount: number;
  /** #columns+1 offsets into rowIndices/values */
  columnPointers: Int32Array;
  /** #nnz row index of each entry, increasing within a column */
  rowIndices: Int32Array;
  /** #nnz value of each entry */
  values: Float64Array;
}
