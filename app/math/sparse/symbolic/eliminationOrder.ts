import type { CscMatrix } from '../cscMatrix.ts';
import type { LdltSymbolic, LdltSymbolicOptions } from '../ldltSymbolic.ts';
import { nestedDissectionOrdering } from '../nestedDissectionOrdering.ts';

/**
 * The fill-reducing elimination order of ldltSymbolic and its inverse: nested dissection (default), the identity,
 * or the caller's permutation, checked.
 *
 * @param matrix     n×n symmetric matrix in CSC
 * @param requested  options.ordering
 * @returns #n order (new → old) and #n inverseOrder (old → new)
 * @throws RangeError when the matrix is not square or the given ordering is not a permutation of 0..n−1
 */
export function eliminationOrder(matrix: CscMatrix, requested: NonNullable<LdltSymbolicOptions['ordering']>): Pick<LdltSymbolic, 'order' | 'inverseOrder'> {
  const n = matrix.columnCount;
  if (matrix.rowCount !== n) throw new RangeError(`ldltSymbolic: matrix must be square, got ${matrix.rowCount}×${n}`);
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
  return { order, inverseOrder };
}
