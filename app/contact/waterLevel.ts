/** The sorting network of four (index pairs compare-swapped in turn, larger first) and its scratch. */
const NETWORK = [0, 1, 2, 3, 0, 2, 1, 3, 1, 2];
const ORDER = new Int32Array(4);

/**
 * The level L at which four weighted amounts, each cut to at most L, sum to `limit`: Σ_k c_k·min(a_k, L) = limit, for
 * amounts that sum to more than limit ≥ 0 (Σ_k c_k·a_k > limit). The largest amounts are cut to a common level, the
 * smaller ones kept (water-filling). ogcContact cuts the displacements a_k = |δ_k| of an embedded surface point's
 * lattice vertices (weights c_k = |w_k|) this way so that the point keeps its conservative bound (seed 000, Eq. 5.20,
 * carried through the embedding): L is never below limit / Σ_k c_k, so no vertex is held back more than by the
 * smallest bound of the points it carries, and a vertex that moved less than L is not held back at all.
 *
 * @param weights  the four weights c_k ≥ 0 (read only)
 * @param amounts  the four amounts a_k ≥ 0 (read only)
 * @param limit    the allowed weighted sum, ≥ 0 and below Σ_k c_k·a_k
 * @returns L ≥ 0
 */
export function waterLevel(weights: Float64Array, amounts: Float64Array, limit: number): number {
  // Entries largest amount first (five compare-swaps of four indices, a sorting network; nothing allocated).
  const order = ORDER;
  for (let k = 0; k < 4; k++) order[k] = k;
  for (let k = 0; k < 10; k += 2) {
    const lo = NETWORK[k],
      hi = NETWORK[k + 1];
    if (amounts[order[hi]] > amounts[order[lo]]) {
      const t = order[lo];
      order[lo] = order[hi];
      order[hi] = t;
    }
  }
  const i0 = order[0],
    i1 = order[1],
    i2 = order[2],
    i3 = order[3];
  // Cut the m largest to L = (limit − Σ of the others' c·a) / Σ of their c, for the first m where L is at least the
  // next amount (Σ c·min(a, L) grows with L, so that L is the solution).
  const c0 = weights[i0],
    c1 = weights[i1],
    c2 = weights[i2],
    c3 = weights[i3];
  const a1 = amounts[i1],
    a2 = amounts[i2],
    a3 = amounts[i3];
  const rest3 = c1 * a1 + c2 * a2 + c3 * a3;
  if (c0 > 0) {
    const level = (limit - rest3) / c0;
    if (level >= a1) return level;
  }
  const rest2 = c2 * a2 + c3 * a3;
  if (c0 + c1 > 0) {
    const level = (limit - rest2) / (c0 + c1);
    if (level >= a2) return level;
  }
  if (c0 + c1 + c2 > 0) {
    const level = (limit - c3 * a3) / (c0 + c1 + c2);
    if (level >= a3) return level;
  }
  return limit / (c0 + c1 + c2 + c3);
}
