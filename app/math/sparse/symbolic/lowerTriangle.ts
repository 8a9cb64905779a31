import type { LdltSymbolic } from '../ldltSymbolic.ts';

/**
 * The lower triangle of C by columns (the transpose of C = triu(P A Pᵀ)): the entries a front of the multifrontal
 * factorization assembles, each with its index into the source matrix's values.
 *
 * @param n              the matrix order
 * @param upperPointers  #n+1 column pointers of C
 * @param upperRows      #nnz(C) row indices of C
 * @param upperSource    #nnz(C) index into A's values of each entry of C
 * @returns #n+1 lowerPointers, lowerRows (increasing within a column), lowerSource
 */
export function lowerTriangle(
  n: number,
  upperPointers: Int32Array,
  upperRows: Int32Array,
  upperSource: Int32Array,
): Pick<LdltSymbolic, 'lowerPointers' | 'lowerRows' | 'lowerSource'> {
  const lowerPointers = new Int32Array(n + 1);
  for (let p = 0; p < upperRows.length; p++) lowerPointers[upperRows[p] + 1]++;
  for (let j = 0; j < n; j++) lowerPointers[j + 1] += lowerPointers[j];
  const lowerRows = new Int32Array(upperRows.length);
  const lowerSource = new Int32Array(upperRows.length);
  const lowerCursor = lowerPointers.slice(0, n);
  for (let column = 0; column < n; column++) {
    for (let p = upperPointers[column]; p < upperPointers[column + 1]; p++) {
      const slot = lowerCursor[upperRows[p]]++;
      lowerRows[slot] = column;
      lowerSource[slot] = upperSource[p];
    }
  }
  return { lowerPointers, lowerRows, lowerSource };
}
