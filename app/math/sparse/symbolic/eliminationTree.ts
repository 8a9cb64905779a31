/** The elimination tree of C and the column counts of L. */
export interface EliminationTree {
  /** #n parent of each column in the elimination tree, −1 for roots */
  parent: Int32Array;
  /** #n entries of each column of the strictly lower factor L (exact, no explicit zeros) */
  columnCount: Int32Array;
}

/**
 * The elimination tree (Liu 1986) and the exact column counts of L in one pass: row k of L is the union of the tree
 * paths from the entries of C(:, k) up to k (Davis 2006 §4.1, §4.4, cs_etree with row subtrees).
 *
 * @param n              the matrix order
 * @param upperPointers  #n+1 column pointers of C = triu(P A Pᵀ)
 * @param upperRows      #nnz(C) row index of each entry of C
 */
export function eliminationTree(n: number, upperPointers: Int32Array, upperRows: Int32Array): EliminationTree {
  const parent = new Int32Array(n);
  const flag = new Int32Array(n);
  const columnCount = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    parent[k] = -1;
    flag[k] = k;
    for (let p = upperPointers[k]; p < upperPointers[k + 1]; p++) {
      let i = upperRows[p];
      for (; flag[i] !== k; i = parent[i]) {
        if (parent[i] === -1) parent[i] = k;
        columnCount[i]++;
        flag[i] = k;
      }
    }
  }
  return { parent, columnCount };
}
