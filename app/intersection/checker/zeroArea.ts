/** Exactly zero area: the three corners are collinear (all three coordinate projections have zero signed area). */
export function zeroArea(P: ArrayLike<number>, a: number, b: number, c: number): boolean {
  const ax = P[3 * a],
    ay = P[3 * a + 1],
    az = P[3 * a + 2];
  const ux = P[3 * b] - ax,
    uy = P[3 * b + 1] - ay,
    uz = P[3 * b + 2] - az;
  const vx = P[3 * c] - ax,
    vy = P[3 * c + 1] - ay,
    vz = P[3 * c + 2] - az;
  // For float32 inputs these differences and products are exact in double, so the float cross product is zero exactly
  // when the triangle is; where rounding hides a true zero the exact segment test still reports Degenerate, uncounted.
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  if (nx !== 0 || ny !== 0 || nz !== 0) return false;
  return true;
}
