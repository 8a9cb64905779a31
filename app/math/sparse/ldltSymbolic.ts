import type { CscMatrix } from './cscMatrix.ts';
import { assemblyTree } from './symbolic/assemblyTree.ts';
import { eliminationOrder } from './symbolic/eliminationOrder.ts';
import { eliminationTree } from './symbolic/eliminationTree.ts';
import { lowerTriangle } from './symbolic/lowerTriangle.ts';
import { permutedUpperTriangle } from './symbolic/permutedUpperTriangle.ts';
import { relaxedSupernodes } from './symbolic/relaxedSupernodes.ts';
import { storedFactorLayout } from './symbolic/storedFactorLayout.ts';
import { structuralFactorPointers } from './symbolic/structuralFactorPointers.ts';
import { supernodeRowStructure } from './symbolic/supernodeRowStructure.ts';

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
 * matrix solution: theory and practice"). Cost O(nnz(L)) after the ordering. The driver of app/math/sparse/symbolic/,
 * one file per step; the LdltSymbolic struct above is what the steps fill.
 *
 * @param matrix   n×n symmetric matrix in CSC; only entries with row ≤ column are read, so pass the full
 *                 pattern or the upper triangle (the lower triangle alone reads as diagonal-only)
 * @param options  ordering, maxFactorEntries
 * @returns the analysis, reusable for every matrix with the same pattern
 * @throws RangeError when the factor would have more than maxFactorEntries entries (it says how many)
 */
export function ldltSymbolic(matrix: CscMatrix, options: LdltSymbolicOptions = {}): LdltSymbolic {
  const n = matrix.columnCount;
  // Fill-reducing order P and its inverse.
  const { order, inverseOrder } = eliminationOrder(matrix, options.ordering ?? 'nested-dissection');
  // C = triu(P A Pᵀ), with each entry's index into A's values.
  const { upperPointers, upperRows, upperSource } = permutedUpperTriangle(matrix, inverseOrder);
  // Elimination tree and column counts of L in one pass; the structural column pointers, checked against the limit.
  const { parent, columnCount } = eliminationTree(n, upperPointers, upperRows);
  const maxEntries = Math.min(options.maxFactorEntries ?? MAX_FACTOR_ENTRIES, MAX_FACTOR_ENTRIES);
  const factorPointers = structuralFactorPointers(columnCount, maxEntries);
  // Lower triangle of C by columns (the transpose of C): the entries a front assembles.
  const lower = lowerTriangle(n, upperPointers, upperRows, upperSource);
  // Supernodes (relaxed), their assembly tree and row structures.
  const supernodeStart = relaxedSupernodes(parent, columnCount);
  const tree = assemblyTree(supernodeStart, parent);
  const rows = supernodeRowStructure({ supernodeStart, ...tree, ...lower }, columnCount, maxEntries);
  // Stored layout of L (explicit zeros of relaxed supernodes included) over the structural pointers.
  const structuralNonzeros = factorPointers[n];
  const { factorNonzeros, flops } = storedFactorLayout(supernodeStart, rows.supernodeRowPointers, maxEntries, factorPointers);
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
    factorNonzeros,
    structuralNonzeros,
    flops,
    supernodeStart,
    supernodeRowPointers: rows.supernodeRowPointers,
    supernodeRows: rows.supernodeRows,
    supernodeParent: tree.supernodeParent,
    supernodeFirstChild: tree.supernodeFirstChild,
    supernodeNextSibling: tree.supernodeNextSibling,
    maxFrontSize: rows.maxFrontSize,
    lowerPointers: lower.lowerPointers,
    lowerRows: lower.lowerRows,
    lowerSource: lower.lowerSource,
  };
}
