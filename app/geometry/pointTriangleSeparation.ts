/**
 * A lower bound of the distance of a point to a closed triangle: their gap along the axis from the triangle's
 * centroid g to the point (separating-axis test). Projected on the unit axis n = (p − g)/|p − g|, the point sits at
 * |p − g| and the triangle reaches at most max_k (x_k − g)·n, and no point of the triangle is closer than its
 * projection: distance ≥ |p − g| − max_k (x_k − g)·n. It costs a fraction of pointTriangleClosestPoint and lets the
 * broad phase of OGC (seed 000 Algorithm 2, the point–triangle candidates within the search radius) drop most far
 * pairs without the exact distance. Negative when the projections overlap; 0 when the point is the centroid.
 * Allocation-free.
 *
 * @param positions  #V×3 positions of the triangle's corners [m]
 * @param a          corner indices into positions
 * @param b
 * @param c
 * @param px         query point [m]
 * @param py
 * @param pz
 * @returns a lower bound of the distance [m] (not squared; ≤ 0 says nothing)
 */
export function pointTriangleSeparation(positions: ArrayLike<number>, a: number, b: number, c: number, px: number, py: number, pz: number): number {
  const ax = positions[3 * a], ay = positions[3 * a + 1], az = positions[3 * a + 2];
  const bx = positions[3 * b], by = positions[3 * b + 1], bz = positions[3 * b + 2];
  const cx = positions[3 * c], cy = positions[3 * c + 1], cz = positions[3 * c + 2];
  const gx = (ax + bx + cx) / 3, gy = (ay + by + cy) / 3, gz = (az + bz + cz) / 3;
  const nx = px - gx, ny = py - gy, nz = pz - gz;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(length > 0)) return 0;
  const reachA = (ax - gx) * nx + (ay - gy) * ny + (az - gz) * nz;
  const reachB = (bx - gx) * nx + (by - gy) * ny + (bz - gz) * nz;
  const reachC = (cx - gx) * nx + (cy - gy) * ny + (cz - gz) * nz;
  const reach = reachA > reachB ? (reachA > reachC ? reachA : reachC) : reachB > reachC ? reachB : reachC;
  return length - reach / length;
}
