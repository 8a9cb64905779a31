/**
 * Positions with every vertex held within its max distance of its animated target: x ← t + d·(x − t)/|x − t|
 * where |x − t| > d: the closest point of the ball of radius d around t (Unity Cloth's maxDistance,
 * Jolt's skinned constraint; anchors.md), a hard constraint applied as a projection.
 * d = 0 pins the vertex to the animation exactly (x = t, bit for bit); d = Infinity leaves it free.
 *
 * The bake applies it to every simulated vertex after each substep's solve, and the velocity that
 * the next step sees is taken from the clamped position, so a clamped vertex carries no stored energy
 * into the next substep.
 *
 * Hot path: writes into `out`, allocates nothing; `out` may be `positions` (in place).
 *
 * @param positions     #V×3 simulated positions (file units)
 * @param targets       #V×3 animated positions the limits are measured from (same units)
 * @param maxDistances  #V max distance per vertex, in the same units as the positions (≥ 0; Infinity: no limit)
 * @param out           #V×3 clamped positions
 * @returns out
 */
export function maxDistanceClampedPositions<T extends Float32Array | Float64Array>(
  positions: ArrayLike<number>,
  targets: ArrayLike<number>,
  maxDistances: ArrayLike<number>,
  out: T,
): T {
  const vertexCount = maxDistances.length;
  for (let v = 0; v < vertexCount; v++) {
    const i = 3 * v;
    const d = maxDistances[v];
    const dx = positions[i] - targets[i];
    const dy = positions[i + 1] - targets[i + 1];
    const dz = positions[i + 2] - targets[i + 2];
    if (d === 0) {
      out[i] = targets[i];
      out[i + 1] = targets[i + 1];
      out[i + 2] = targets[i + 2];
      continue;
    }
    const lengthSquared = dx * dx + dy * dy + dz * dz;
    if (lengthSquared > d * d) {
      const scale = d / Math.sqrt(lengthSquared);
      out[i] = targets[i] + scale * dx;
      out[i + 1] = targets[i + 1] + scale * dy;
      out[i + 2] = targets[i + 2] + scale * dz;
    } else if (out !== positions) {
      out[i] = positions[i];
      out[i + 1] = positions[i + 1];
      out[i + 2] = positions[i + 2];
    }
  }
  return out;
}
