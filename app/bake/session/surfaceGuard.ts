/** Weights below this are ramped toward exact input on the output surface: w = 0 follows the animation exactly. */
export const GUARD_WEIGHT = 0.05;

/**
 * The surface guard's blend per vertex: min(1, w / GUARD_WEIGHT), so a weight-0 vertex takes its input exactly and
 * weights from GUARD_WEIGHT up take the simulation's surface (guardedOutput applies it).
 *
 * @param weights  #V the lattice weights in [0, 1] (latticeWeights)
 * @param out      #V blend in [0, 1], written
 */
export function surfaceGuard(weights: Float32Array, out: Float32Array): void {
  for (let v = 0; v < out.length; v++) out[v] = Math.min(1, weights[v] / GUARD_WEIGHT);
}
