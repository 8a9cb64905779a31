import { factorTooLarge } from './factorTooLarge.ts';

/**
 * The column pointers of the exact (structural) strictly lower factor L from its column counts. Pointer sums are
 * formed in doubles and checked before they are stored: an Int32Array would wrap them.
 *
 * @param columnCount  #n entries per column of L (eliminationTree)
 * @param maxEntries   the most entries the factor may have
 * @returns #n+1 column pointers (the stored layout, storedFactorLayout, overwrites them later)
 * @throws RangeError (factorTooLarge) when the sum passes maxEntries
 */
export function structuralFactorPointers(columnCount: Int32Array, maxEntries: number): Int32Array {
  const n = columnCount.length;
  const factorPointers = new Int32Array(n + 1);
  let structural = 0;
  for (let k = 0; k < n; k++) {
    structural += columnCount[k];
    if (structural > maxEntries) throw factorTooLarge(structural, maxEntries, n);
    factorPointers[k + 1] = structural;
  }
  return factorPointers;
}
