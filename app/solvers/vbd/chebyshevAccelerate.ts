import type { FloatArray } from './types.ts';

/**
 * Chebyshev semi-iterative acceleration after a full VBD iteration (seed 000 §3.1.8, Eqs. 3.15–3.16, after Wang
 * 2015): x^(n) = ω_n (x̄^(n) − x^(n−2)) + x^(n−2), ω_1 = 1, ω_2 = 2/(2 − ρ²), ω_n = 4/(4 − ρ² ω_{n−1}), applied to
 * every vertex that is neither pinned nor in contact this substep (contact is stiff and discontinuous; a vertex that
 * touched anything stays excluded for the rest of the substep). Then shifts the history: previous2 ← previous,
 * previous ← x^(n).
 *
 * Adaptive restart (our addition, in the spirit of O'Donoghue & Candès 2015): Eq. 3.15 assumes a nearly linear
 * iteration; from extreme states (scrambled or flattened meshes, seed 000 Fig. 3.2) the extrapolation diverged in our
 * tests for ρ = 0.95 with 20 iterations per step. So when the Gauss–Seidel change ‖x̄^(n) − x^(n−1)‖² grows instead of
 * shrinking, the sequence restarts at ω = 1. On smooth problems the change shrinks every iteration and the schedule
 * is exactly Eq. 3.16. Costs one extra pass over the positions (on the GPU: one reduction).
 *
 * @param positions   #V×3 Gauss–Seidel result x̄^(n) on entry, accelerated x^(n) on exit [m]
 * @param previous    #V×3 x^(n−1) [m]
 * @param previous2   #V×3 x^(n−2) [m]
 * @param rho         estimated spectral radius ρ ∈ (0, 1)
 * @param schedule    3 numbers carried across the iterations of a substep: [n, ω_n, last change]; reset to
 *                    [0, 1, Infinity] at the start of each substep
 * @param pinned      #V 1 = pinned (left alone)
 * @param inContact   #V 1 = in contact this substep (left alone)
 * @returns ω used for this iteration (1 when restarting)
 */
export function chebyshevAccelerate(
  positions: FloatArray,
  previous: Float64Array,
  previous2: Float64Array,
  rho: number,
  schedule: Float64Array,
  pinned: Uint8Array,
  inContact: Uint8Array,
): number {
  const vertexCount = pinned.length;
  let change = 0;
  for (let v = 0; v < vertexCount; v++) {
    if (pinned[v] !== 0 || inContact[v] !== 0) continue;
    const o = 3 * v;
    const dx = positions[o] - previous[o];
    const dy = positions[o + 1] - previous[o + 1];
    const dz = positions[o + 2] - previous[o + 2];
    change += dx * dx + dy * dy + dz * dz;
  }
  const iteration = change > schedule[2] ? 1 : schedule[0] + 1;
  const omega = chebyshevOmega(iteration, rho, schedule[1]);
  schedule[0] = iteration;
  schedule[1] = omega;
  schedule[2] = change;
  for (let v = 0; v < vertexCount; v++) {
    const o = 3 * v;
    if (omega !== 1 && pinned[v] === 0 && inContact[v] === 0) {
      positions[o] = omega * (positions[o] - previous2[o]) + previous2[o];
      positions[o + 1] = omega * (positions[o + 1] - previous2[o + 1]) + previous2[o + 1];
      positions[o + 2] = omega * (positions[o + 2] - previous2[o + 2]) + previous2[o + 2];
    }
    previous2[o] = previous[o];
    previous2[o + 1] = previous[o + 1];
    previous2[o + 2] = previous[o + 2];
    previous[o] = positions[o];
    previous[o + 1] = positions[o + 1];
    previous[o + 2] = positions[o + 2];
  }
  return omega;
}

/**
 * Chebyshev weight ω_n of seed 000 Eq. 3.16: ω_1 = 1, ω_2 = 2/(2 − ρ²), ω_n = 4/(4 − ρ² ω_{n−1}).
 *
 * @param iteration      n ≥ 1
 * @param rho            estimated spectral radius ρ ∈ [0, 1)
 * @param previousOmega  ω_{n−1} (ignored for n ≤ 2)
 * @returns ω_n
 */
export function chebyshevOmega(iteration: number, rho: number, previousOmega: number): number {
  if (iteration <= 1) return 1;
  if (iteration === 2) return 2 / (2 - rho * rho);
  return 4 / (4 - rho * rho * previousOmega);
}
