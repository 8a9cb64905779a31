/**
 * The `count` candidate vertices nearest to the point (x, y, z), sorted nearest first, with inverse-distance weights
 * 1/max(d, 1e-9) normalized to sum 1 (Shepard's interpolation over the nearest), written into vertices/weights from
 * `offset`. With fewer candidates than `count`, the missing slots repeat the nearest vertex with weight 0.
 *
 * @param x, y, z        the point [file units]
 * @param hostPositions  #H×3 the host's positions
 * @param candidates     the host vertices to choose from
 * @param count          how many to keep
 * @param vertices       out: `count` host vertex indices from `offset`
 * @param weights        out: their weights from `offset`
 * @param offset         where to write
 */
export function nearestHostVertices(
  x: number,
  y: number,
  z: number,
  hostPositions: Float32Array,
  candidates: Uint32Array,
  count: number,
  vertices: Uint32Array,
  weights: Float64Array,
  offset: number,
): void {
  // The `count` smallest squared distances, kept sorted by insertion.
  const bestVertex = new Int32Array(count).fill(-1);
  const bestDistance = new Float64Array(count).fill(Infinity);
  for (let i = 0; i < candidates.length; i++) {
    const u = candidates[i];
    const dx = hostPositions[3 * u] - x;
    const dy = hostPositions[3 * u + 1] - y;
    const dz = hostPositions[3 * u + 2] - z;
    const d = dx * dx + dy * dy + dz * dz;
    if (!(d < bestDistance[count - 1])) continue;
    let k = count - 1;
    while (k > 0 && bestDistance[k - 1] > d) {
      bestDistance[k] = bestDistance[k - 1];
      bestVertex[k] = bestVertex[k - 1];
      k--;
    }
    bestDistance[k] = d;
    bestVertex[k] = u;
  }
  let sum = 0;
  for (let k = 0; k < count; k++) if (bestVertex[k] >= 0) sum += 1 / Math.max(Math.sqrt(bestDistance[k]), 1e-9);
  for (let k = 0; k < count; k++) {
    vertices[offset + k] = bestVertex[k] >= 0 ? bestVertex[k] : Math.max(0, bestVertex[0]);
    weights[offset + k] = bestVertex[k] >= 0 ? 1 / Math.max(Math.sqrt(bestDistance[k]), 1e-9) / sum : 0;
  }
}
