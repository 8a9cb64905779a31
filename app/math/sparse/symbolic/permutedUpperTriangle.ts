import type { CscMatrix } from '../cscMatrix.ts';
import type { LdltSymbolic } from '../ldltSymbolic.ts';

/**
 * C = triu(P A Pᵀ) in CSC with a map back into A's values: entry (i, j) of A with i ≤ j goes to (min, max) of
 * (inv[i], inv[j]) (Davis 2006 §2.5, cs_symperm). Entries of A below the diagonal are not read.
 *
 * @param matrix        n×n symmetric matrix in CSC (full pattern or upper triangle)
 * @param inverseOrder  #n old → new index
 * @returns #n+1 upperPointers, #nnz(C) upperRows (unsorted within a column), #nnz(C) upperSource (index into A's values)
 */
export function permutedUpperTriangle(matrix: CscMatrix, inverseOrder: Int32Array): Pick<LdltSymbolic, 'upperPointers' | 'upperRows' | 'upperSource'> {
  const n = matrix.columnCount;
  const { columnPointers, rowIndices } = matrix;
  const upperPointers = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) {
    for (let p = columnPointers[j]; p < columnPointers[j + 1]; p++) {
      const i = rowIndices[p];
      if (i > j) continue;
      upperPointers[Math.max(inverseOrder[i], inverseOrder[j]) + 1]++;
    }
  }
  for (let j = 0; j < n; j++) upperPointers[j + 1] += upperPointers[j];
  const upperRows = new Int32Array(upperPointers[n]);
  const upperSource = new Int32Array(upperPointers[n]);
  const cursor = upperPointers.slice(0, n);
  for (let j = 0; j < n; j++) {
    for (let p = columnPointers[j]; p < columnPointers[j + 1]; p++) {
      const i = rowIndices[p];
      if (i > j) continue;
      const a = inverseOrder[i];
      const b = inverseOrder[j];
      const column = Math.max(a, b);
      const slot = cursor[column]++;
      upperRows[slot] = Math.min(a, b);
      upperSource[slot] = p;
    }
  }
  return { upperPointers, upperRows, upperSource };
}
