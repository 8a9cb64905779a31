/**
 * Kinematic blending of a simulated frame with the animation (Li 2019 ch. 4 §4.6, seed 004 notes §2.6.2, in its
 * per-vertex form): x_display = lerp(a_i(t), x_sim, w_i) = a_i + w_i (x_sim − a_i). Applied after the step, so the
 * weights can be retuned without re-simulating; w = 0 reproduces the animation exactly, w = 1 the simulation.
 *
 * @param targets       #V×3 animated positions a(t) [m]
 * @param simulated     #V×3 simulated positions [m]
 * @param blendWeights  #V weights in [0, 1]
 * @param out           #V×3 blended positions [m]; may alias targets or simulated
 * @returns out
 */
export function kinematicBlend<T extends { [index: number]: number; length: number }>(
  targets: ArrayLike<number>,
  simulated: ArrayLike<number>,
  blendWeights: ArrayLike<number>,
  out: T,
): T {
  const vertexCount = blendWeights.length;
  for (let v = 0; v < vertexCount; v++) {
    const w = blendWeights[v];
    for (let k = 3 * v; k < 3 * v + 3; k++) {
      const a = targets[k];
      out[k] = w === 0 ? a : a + w * (simulated[k] - a);
    }
  }
  return out;
}
