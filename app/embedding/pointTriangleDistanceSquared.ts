/**
 * Squared Euclidean distance from a point to a closed triangle (Ericson, "Real-Time Collision Detection"
 * 2005, §5.1.5: Voronoi-region classification, then the closest feature). Degenerate triangles fall back
 * to their edges.
 *
 * @param positions  #V×3 vertex positions [m]
 * @param a          vertex index of the first corner
 * @param b          vertex index of the second corner
 * @param c          vertex index of the third corner
 * @param px         query point [m]
 * @param py         query point [m]
 * @param pz         query point [m]
 * @param closest    optional 3 numbers receiving the closest point [m]
 * @returns squared distance [m²]
 */
export function pointTriangleDistanceSquared(
  positions: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  px: number,
  py: number,
  pz: number,
  closest?: Float64Array,
): number {
  const ax = positions[3 * a];
  const ay = positions[3 * a + 1];
  const az = positions[3 * a + 2];
  const abx = positions[3 * b] - ax;
  const aby = positions[3 * b + 1] - ay;
  const abz = positions[3 * b + 2] - az;
  const acx = positions[3 * c] - ax;
  const acy = positions[3 * c + 1] - ay;
  const acz = positions[3 * c + 2] - az;
  const apx = px - ax;
  const apy = py - ay;
  const apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  let u: number; // closest point = a + u·ab + v·ac
  let v: number;
  if (d1 <= 0 && d2 <= 0) {
    u = 0;
    v = 0;
  } else {
    const bpx = apx - abx;
    const bpy = apy - aby;
    const bpz = apz - abz;
    const d3 = abx * bpx + aby * bpy + abz * bpz;
    const d4 = acx * bpx + acy * bpy + acz * bpz;
    const cpx = apx - acx;
    const cpy = apy - acy;
    const cpz = apz - acz;
    const d5 = abx * cpx + aby * cpy + abz * cpz;
    const d6 = acx * cpx + acy * cpy + acz * cpz;
    const va = d3 * d6 - d5 * d4;
    const vb = d5 * d2 - d1 * d6;
    const vc = d1 * d4 - d3 * d2;
    if (d3 >= 0 && d4 <= d3) {
      u = 1;
      v = 0;
    } else if (d6 >= 0 && d5 <= d6) {
      u = 0;
      v = 1;
    } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      u = d1 / (d1 - d3);
      v = 0;
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      u = 0;
      v = d2 / (d2 - d6);
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
      u = 1 - w;
      v = w;
    } else {
      const sum = va + vb + vc;
      if (!(Math.abs(sum) > 0)) {
        // Degenerate triangle: the nearest of its three edges.
        const dab = segmentDistanceSquared(positions, a, b, px, py, pz);
        const dbc = segmentDistanceSquared(positions, b, c, px, py, pz);
        const dca = segmentDistanceSquared(positions, c, a, px, py, pz);
        if (closest) {
          // Recompute the winner's closest point (rare path).
          const [s, e] = dab <= dbc && dab <= dca ? [a, b] : dbc <= dca ? [b, c] : [c, a];
          segmentDistanceSquared(positions, s, e, px, py, pz, closest);
        }
        return Math.min(dab, dbc, dca);
      }
      u = vb / sum;
      v = vc / sum;
    }
  }
  const dx = apx - u * abx - v * acx;
  const dy = apy - u * aby - v * acy;
  const dz = apz - u * abz - v * acz;
  if (closest) {
    closest[0] = px - dx;
    closest[1] = py - dy;
    closest[2] = pz - dz;
  }
  return dx * dx + dy * dy + dz * dz;
}

function segmentDistanceSquared(
  positions: ArrayLike<number>,
  a: number,
  b: number,
  px: number,
  py: number,
  pz: number,
  closest?: Float64Array,
): number {
  const ax = positions[3 * a];
  const ay = positions[3 * a + 1];
  const az = positions[3 * a + 2];
  const ex = positions[3 * b] - ax;
  const ey = positions[3 * b + 1] - ay;
  const ez = positions[3 * b + 2] - az;
  const length = ex * ex + ey * ey + ez * ez;
  let s = length > 0 ? ((px - ax) * ex + (py - ay) * ey + (pz - az) * ez) / length : 0;
  s = Math.max(0, Math.min(1, s));
  const dx = px - ax - s * ex;
  const dy = py - ay - s * ey;
  const dz = pz - az - s * ez;
  if (closest) {
    closest[0] = ax + s * ex;
    closest[1] = ay + s * ey;
    closest[2] = az + s * ez;
  }
  return dx * dx + dy * dy + dz * dz;
}
