/**
 * Rodrigues' formula: the rotation matrix of a rotation vector r (axis r/|r|, angle |r|), the identity below 1e-12 rad.
 *
 * @param r    rotation vector [rad]
 * @param out  3×3 row-major rotation
 */
export function rodriguesRotation(r: ArrayLike<number>, out: Float64Array): void {
  const angle = Math.hypot(r[0], r[1], r[2]);
  if (angle < 1e-12) {
    out.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    return;
  }
  const x = r[0] / angle,
    y = r[1] / angle,
    z = r[2] / angle;
  const c = Math.cos(angle),
    s = Math.sin(angle),
    t = 1 - c;
  out[0] = c + t * x * x;
  out[1] = t * x * y - s * z;
  out[2] = t * x * z + s * y;
  out[3] = t * x * y + s * z;
  out[4] = c + t * y * y;
  out[5] = t * y * z - s * x;
  out[6] = t * x * z - s * y;
  out[7] = t * y * z + s * x;
  out[8] = c + t * z * z;
}
