/**
 * The default physics-blend weights when the artist gives none: low on and near the skeleton, rising
 * toward soft regions far from any bone, and lowered where a vertex is shared between bones.
 *
 *   w_i = maxWeight · smoothstep(r_i / R) · d_i
 *
 * - r_i: bind-space distance from vertex i to the nearest bone segment (see boneSegments); bones sit
 *   inside limbs, so flesh far from them (belly, cheeks, ears, tail tips) gets high weights and the
 *   surface around a bone stays with the animation.
 * - R: the `reachQuantile` quantile of r over the mesh (scale-free: the same result in meters or
 *   centimeters, for a thin arm or a round belly).
 * - d_i = max_k skin weight of vertex i (1 when bound to one joint, ½ when split evenly between two):
 *   vertices the rig blends between joints are around joints, where LBS already bends and folds the
 *   surface; physics there would amplify those artefacts, so the weight falls to half.
 * - smoothstep(x) = 3x² − 2x³ on [0, 1]: zero slope at the bone and at R, no visible band.
 *
 * For an unskinned mesh pass its pivot as the only segment and d = 1: weights rise away from the pivot.
 *
 * @param positions          #V×3 bind-space positions of the welded vertices [m]
 * @param dominantSkinWeight #V largest skin weight per vertex in (0, 1], or null (all 1)
 * @param segments           #B×6 bone segments in bind space [m]
 * @param maxWeight          the weight far from bones, in [0, 1]
 * @param reachQuantile      quantile of the bone distances that reaches maxWeight, in (0, 1]
 * @returns #V weights in [0, maxWeight]
 */
export function skeletonDistanceWeights(
  positions: ArrayLike<number>,
  dominantSkinWeight: ArrayLike<number> | null,
  segments: ArrayLike<number>,
  maxWeight: number,
  reachQuantile: number,
): Float32Array {
  const vertexCount = positions.length / 3;
  const distances = new Float64Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const px = positions[3 * v];
    const py = positions[3 * v + 1];
    const pz = positions[3 * v + 2];
    let best = Infinity;
    for (let s = 0; s < segments.length; s += 6) {
      const ax = segments[s], ay = segments[s + 1], az = segments[s + 2];
      const ux = segments[s + 3] - ax, uy = segments[s + 4] - ay, uz = segments[s + 5] - az;
      const length2 = ux * ux + uy * uy + uz * uz;
      let t = length2 > 0 ? ((px - ax) * ux + (py - ay) * uy + (pz - az) * uz) / length2 : 0;
      t = Math.min(1, Math.max(0, t));
      const dx = px - ax - t * ux, dy = py - ay - t * uy, dz = pz - az - t * uz;
      best = Math.min(best, dx * dx + dy * dy + dz * dz);
    }
    distances[v] = Math.sqrt(best);
  }
  const sorted = Float64Array.from(distances).sort();
  const reach = sorted[Math.min(vertexCount - 1, Math.max(0, Math.ceil(reachQuantile * vertexCount) - 1))] ?? 0;
  const weights = new Float32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const x = reach > 0 ? Math.min(1, distances[v] / reach) : 0;
    const dominance = dominantSkinWeight ? Math.min(1, Math.max(0, dominantSkinWeight[v])) : 1;
    weights[v] = maxWeight * x * x * (3 - 2 * x) * dominance;
  }
  return weights;
}
