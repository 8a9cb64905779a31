import { factorTooLarge } from './factorTooLarge.ts';

/** The stored layout's size and cost. */
export interface StoredFactorLayout {
  /** entries of the strictly lower factor as stored (explicit zeros included) */
  factorNonzeros: number;
  /** floating-point operations of one numeric factorization, Σ_j c_j·(c_j + 3) over stored column lengths c_j */
  flops: number;
}

/**
 * The stored layout of L: column k of supernode sn holds every supernode row below k (explicit zeros included).
 * Writes the stored column pointers over the structural ones.
 *
 * @param supernodeStart        #S+1 first column of each supernode
 * @param supernodeRowPointers  #S+1 offsets of each supernode's rows
 * @param maxEntries            the most entries the factor may have
 * @param factorPointers        out: #n+1 column pointers of L as stored
 * @throws RangeError (factorTooLarge) when the stored factor would pass maxEntries
 */
export function storedFactorLayout(
  supernodeStart: Int32Array,
  supernodeRowPointers: Int32Array,
  maxEntries: number,
  factorPointers: Int32Array,
): StoredFactorLayout {
  const n = factorPointers.length - 1;
  const supernodeCount = supernodeStart.length - 1;
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
  return { factorNonzeros: factorPointers[n], flops: storedFlops };
}
