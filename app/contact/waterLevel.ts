/**
 * The level τ at which four non-negative terms, each cut to at most τ, sum to `limit`: Σ_k min(a_k, τ) = limit, for
 * terms that sum to more than limit ≥ 0. The largest terms are cut, the smaller ones kept (water-filling). ogcContact
 * cuts an embedded surface point's displacement Σ_k |w_k|·|δ_k| (its lattice vertices' shares) to its conservative
 * bound this way (seed 000, Eq. 5.20, carried through the embedding), holding back only the vertices that carry the
 * point too far.
 *
 * @param terms  the four terms a_k ≥ 0 (read only)
 * @param limit  their allowed sum, ≥ 0 and below Σ_k a_k
 * @returns τ ≥ 0
 */
export function waterLevel(terms: Float64Array, limit: number): number {
  // The terms largest first (a sorting network of five compare-exchanges; nothing allocated).
  let a0 = terms[0], a1 = terms[1], a2 = terms[2], a3 = terms[3], t: number;
  if (a1 > a0) { t = a0; a0 = a1; a1 = t; }
  if (a3 > a2) { t = a2; a2 = a3; a3 = t; }
  if (a2 > a0) { t = a0; a0 = a2; a2 = t; }
  if (a3 > a1) { t = a1; a1 = a3; a3 = t; }
  if (a2 > a1) { t = a1; a1 = a2; a2 = t; }
  // Cut the m largest to τ = (limit − the rest) / m, for the first m where τ is at least the next term.
  const rest3 = a1 + a2 + a3;
  let level = limit - rest3;
  if (level >= a1) return level;
  level = (limit - a2 - a3) / 2;
  if (level >= a2) return level;
  level = (limit - a3) / 3;
  if (level >= a3) return level;
  return limit / 4;
}
