import type { CscMatrix } from './cscMatrix.ts';
import { nestedDissectionOrdering } from './nestedDissectionOrdering.ts';

/** Options of ldltSymbolic. */
export interface LdltSymbolicOptions {
  /**
   * fill-reducing order: 'nested-dissection' (default), 'natural' (the identity; for banded matrices and
   * tests), or an explicit #n permutation (order[k] = original index eliminated k-th)
   */
  ordering?: 'nested-dissection' | 'natural' | Int32Array;
  /**
   * most entries the stored factor may have (default and upper bound MAX_FACTOR_ENTRIES, what Int32Array pointers
   * address); a larger factor throws a RangeError saying how large it would be, before anything is allocated for it
   */
  maxFactorEntries?: number;
}

/**
 * Most entries a stored factor may have: 2³¹ − 1, the largest offset an Int32Array pointer holds (16 GiB of values
 * and 8 GiB of row indices). Beyond it the column pointers used to wrap around silently and the numeric phase then
 * failed with a meaningless "singular" pivot (a lattice of resolution 256).
 */
export const MAX_FACTOR_ENTRIES = 2 ** 31 - 1;

/**
 * Everything about a sparse LDLᵀ factorization that depends only on the pattern of A: the elimination order,
 * the permuted upper triangle C = triu(P·A·Pᵀ) with a map back into A's value array, the elimination tree and
 * the column pointers of L. Computed once; ldltFactorization then refactors any matrix with this pattern
 * (new weights, new γ) without repeating it.
 */
export interface LdltSymbolic {
  /** n, the matrix order */
  size: number;
  /** #n order[k] = original index of the k-th pivot (new → old) */
  order: Int32Array;
  /** #n inverseOrder[order[k]] = k (old → new) */
  inverseOrder: Int32Array;
  /** #n+1 column pointers of C = triu(P A Pᵀ) */
  upperPointers: Int32Array;
  /** #nnz(C) row index of each entry of C (row ≤ column, unsorted within a column) */
  upperRows: Int32Array;
  /** #nnz(C) index into the source matrix's `values` of each entry of C */
  upperSource: Int32Array;
  /** nnz of the source matrix this analysis was made for (refactoring checks it) */
  sourceNonzeros: number;
  /** #n parent of each column in the elimination tree of C, -1 for roots */
  parent: Int32Array;
  /** #n+1 column pointers of the strictly lower factor L as stored (see factorNonzeros) */
  factorPointers: Int32Array;
  /** entries of the strictly lower factor as stored (supernodal: a few explicit zeros included) */
  factorNonzeros: number;
  /** nnz(L) of the exact symbolic factorization, strictly lower part (no explicit zeros) */
  structuralNonzeros: number;
  /** floating-point operations of one numeric factorization, Σ_j c_j·(c_j + 3) over stored column lengths c_j */
  flops: number;
  /** #S+1 first column of each supernode (runs of columns whose L columns share one structure) */
  supernodeStart: Int32Array;
  /** #S+1 offsets into supernodeRows */
  supernodeRowPointers: Int32Array;
  /** row indices of each supernode's L block (its own columns first), increasing */
  supernodeRows: Int32Array;
  /** #S parent supernode in the assembly tree, -1 for roots */
  supernodeParent: Int32Array;
  /** #S first child of each supernode in the assembly tree (children in increasing order), -1 for leaves */
  supernodeFirstChild: Int32Array;
  /** #S next sibling of each supernode (the next child of its parent), -1 for the last */
  supernodeNextSibling: Int32Array;
  /** largest supernode row count (the front size the numeric factorization allocates) */
  maxFrontSize: number;
  /** #n+1 column pointers of the lower triangle of P A Pᵀ (diagonal included), for assembling fronts */
  lowerPointers: Int32Array;
  /** row index of each lower entry (≥ its column) */
  lowerRows: Int32Array;
  /** index into the source matrix's values of each lower entry */
  lowerSource: Int32Array;
}

/**
 * Symbolic analysis for the sparse LDLᵀ factorization of a symmetric matrix: fill-reducing order, elimination
 * tree (Liu 1986) and the exact column counts of L, by walking each row's subtree of the elimination tree
 * (Davis, "Direct Methods for Sparse Linear Systems", SIAM 2006, §4.1–4.4), then the fundamental supernodes
 * and their row structures for the multifrontal numeric phase (Liu 1992, "The multifrontal method for sparse
 * matrix solution: theory and practice"). Cost O(nnz(L)) after the ordering.
 *
 * @param matrix   n×n symmetric matrix in CSC; only entries with row ≤ column are read, so pass the full
 *                 pattern or the upper triangle (the lower triangle alone reads as diagonal-only)
 * @param options  ordering, maxFactorEntries
 * @returns the analysis, reusable for every matrix with the same pattern
 * @throws RangeError when the factor would have more than maxFactorEntries entries (it says how many)
 */
export function ldltSymbolic(matrix: CscMatrix, options: LdltSymbolicOptions = {}): LdltSymbolic {
  const n = matrix.columnCount;
  if (matrix.rowCount !== n) throw new RangeError(`ldltSymbolic: matrix must be square, got ${matrix.rowCount}×${n}`);
  const requested = options.ordering ?? 'nested-dissection';
  let order: Int32Array;
  if (requested === 'natural') {
    order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
  } else if (requested === 'nested-dissection') {
    order = nestedDissectionOrdering(matrix);
  } else {
    order = requested;
    if (order.length !== n) throw new RangeError(`ldltSymbolic: ordering has ${order.length} entries, matrix order is ${n}`);
  }
  const inverseOrder = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    const old = order[k];
    if (!(old >= 0 && old < n) || inverseOrder[old] !== -1) throw new RangeError('ldltSymbolic: ordering is not a permutation');
    inverseOrder[old] = k;
  }

  // C = triu(P A Pᵀ): entry (i, j) of A with i ≤ j goes to (min, max) of (inv[i], inv[j]).
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

  // Elimination tree and column counts in one pass (row k of L is the union of the tree paths from the
  // entries of C(:, k) up to k).
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
  const maxEntries = Math.min(options.maxFactorEntries ?? MAX_FACTOR_ENTRIES, MAX_FACTOR_ENTRIES);
  const factorPointers = new Int32Array(n + 1);
  // Pointer sums are formed in doubles and checked before they are stored: an Int32Array would wrap them.
  let structural = 0;
  for (let k = 0; k < n; k++) {
    structural += columnCount[k];
    if (structural > maxEntries) throw factorTooLarge(structural, maxEntries, n);
    factorPointers[k + 1] = structural;
  }

  // Lower triangle of C by columns (the transpose of C): the entries a front assembles.
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

  // Supernodes: runs of consecutive columns, each the etree parent of the previous, stored with the row
  // structure of the last column plus their own columns. Fundamental supernodes (counts differing by one)
  // store no zeros; relaxed ones (Ashcraft & Grimes 1989; CHOLMOD's defaults: any run of ≤ 4 columns,
  // ≤ 80% zeros up to 16 columns, ≤ 10% up to 48, ≤ 5% beyond) store a few explicit zeros in exchange for
  // wider dense panels: the 5-tet lattices give mostly 1–2-column fundamental supernodes otherwise.
  const starts: number[] = [];
  let first = 0;
  let realEntries = 0;
  for (let j = 0; j < n; j++) {
    if (j > first && parent[j - 1] === j) {
      const width = j - first + 1;
      const stored = (width * (width - 1)) / 2 + width * columnCount[j];
      const zeros = stored - (realEntries + columnCount[j]);
      const limit = width <= 4 ? 1 : width <= 16 ? 0.8 : width <= 48 ? 0.1 : 0.05;
      if (zeros <= limit * stored) {
        realEntries += columnCount[j];
        continue;
      }
    }
    starts.push(j);
    first = j;
    realEntries = columnCount[j];
  }
  starts.push(n);
  const supernodeStart = Int32Array.from(starts);
  const supernodeCount = starts.length - 1;
  const supernodeOf = new Int32Array(n);
  for (let sn = 0; sn < supernodeCount; sn++) for (let j = supernodeStart[sn]; j < supernodeStart[sn + 1]; j++) supernodeOf[j] = sn;
  const supernodeParent = new Int32Array(supernodeCount);
  for (let sn = 0; sn < supernodeCount; sn++) {
    const last = supernodeStart[sn + 1] - 1;
    supernodeParent[sn] = parent[last] >= 0 ? supernodeOf[parent[last]] : -1;
  }
  // Row structure of each supernode: its columns, the rows of A below them, and its children's rows past
  // their own columns (all of which lie in this supernode or above: they are etree ancestors).
  const supernodeRowPointers = new Int32Array(supernodeCount + 1);
  let rowEntries = 0;
  for (let sn = 0; sn < supernodeCount; sn++) {
    const width = supernodeStart[sn + 1] - supernodeStart[sn];
    rowEntries += width + columnCount[supernodeStart[sn + 1] - 1];
    if (rowEntries > maxEntries) throw factorTooLarge(rowEntries, maxEntries, n);
    supernodeRowPointers[sn + 1] = rowEntries;
  }
  const supernodeRows = new Int32Array(supernodeRowPointers[supernodeCount]);
  const childHead = new Int32Array(supernodeCount).fill(-1);
  const childNext = new Int32Array(supernodeCount).fill(-1);
  for (let sn = supernodeCount - 1; sn >= 0; sn--) {
    const up = supernodeParent[sn];
    if (up >= 0) {
      childNext[sn] = childHead[up];
      childHead[up] = sn;
    }
  }
  const mark = new Int32Array(n).fill(-1);
  let maxFrontSize = 0;
  const gathered: number[] = [];
  for (let sn = 0; sn < supernodeCount; sn++) {
    const firstColumn = supernodeStart[sn];
    const last = supernodeStart[sn + 1] - 1;
    gathered.length = 0;
    for (let j = firstColumn; j <= last; j++) {
      mark[j] = sn;
      gathered.push(j);
    }
    for (let j = firstColumn; j <= last; j++) {
      for (let p = lowerPointers[j]; p < lowerPointers[j + 1]; p++) {
        const i = lowerRows[p];
        if (i > last && mark[i] !== sn) {
          mark[i] = sn;
          gathered.push(i);
        }
      }
    }
    for (let child = childHead[sn]; child >= 0; child = childNext[child]) {
      const childColumns = supernodeStart[child + 1] - supernodeStart[child];
      for (let p = supernodeRowPointers[child] + childColumns; p < supernodeRowPointers[child + 1]; p++) {
        const i = supernodeRows[p];
        if (mark[i] !== sn) {
          mark[i] = sn;
          gathered.push(i);
        }
      }
    }
    gathered.sort((a, b) => a - b);
    const expected = supernodeRowPointers[sn + 1] - supernodeRowPointers[sn];
    if (gathered.length !== expected) throw new Error(`ldltSymbolic: internal error, supernode ${sn} has ${gathered.length} rows, expected ${expected}`);
    supernodeRows.set(gathered, supernodeRowPointers[sn]);
    if (expected > maxFrontSize) maxFrontSize = expected;
  }
  // Stored layout of L: column k of supernode sn holds every supernode row below k (explicit zeros included).
  const structuralNonzeros = factorPointers[n];
  let storedFlops = 0;
  let stored = 0;
  for (let sn = 0; sn < supernodeCount; sn++) {
    const m = supernodeRowPointers[sn + 1] - supernodeRowPointers[sn];
    for (let j = supernodeStart[sn]; j < supernodeStart[sn + 1]; j++) {
      const below = m - (j - supernodeStart[sn]) - 1;
      stored += below;
      if (stored > maxEntries) throw factorTooLarge(stored, maxEntries, n);
      factorPointers[j + 1] = stored;
      storedFlops += below * (below + 3);
    }
  }
  return {
    size: n,
    order,
    inverseOrder,
    upperPointers,
    upperRows,
    upperSource,
    sourceNonzeros: matrix.values.length,
    parent,
    factorPointers,
    factorNonzeros: factorPointers[n],
    structuralNonzeros,
    flops: storedFlops,
    supernodeStart,
    supernodeRowPointers,
    supernodeRows,
    supernodeParent,
    supernodeFirstChild: childHead,
    supernodeNextSibling: childNext,
    maxFrontSize,
    lowerPointers,
    lowerRows,
    lowerSource,
  };
}

function factorTooLarge(entries: number, limit: number, n: number): RangeError {
  const gibibytes = (entries * 12) / 2 ** 30;
  return new RangeError(
    `ldltSymbolic: the factor of this ${n}-unknown matrix would store more than ${entries} entries (at least ${gibibytes.toFixed(1)} GiB), ` +
      `beyond the limit of ${limit}; the matrix is too large to factor here (for a lattice: lower its resolution)`,
  );
}
