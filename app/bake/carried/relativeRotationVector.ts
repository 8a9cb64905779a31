/**
 * The rotation from orientation b to orientation a as a rotation vector (axis × angle, angle in [0, π]): the vector of
 * the unit quaternion a·b*, taken on its hemisphere w ≥ 0.
 *
 * @param a         unit quaternion (x, y, z, w)
 * @param b         unit quaternion (x, y, z, w)
 * @param relative  out: a·b* (4)
 * @param out       out: the rotation vector (3) [rad]
 * @returns out
 */
export function relativeRotationVector(a: ArrayLike<number>, b: ArrayLike<number>, relative: Float64Array, out: Float64Array): Float64Array {
  return rotationVector(multiplyConjugate(a, b, relative), out);
}

/** a·b* (quaternions x, y, z, w). */
function multiplyConjugate(a: ArrayLike<number>, b: ArrayLike<number>, out: Float64Array): Float64Array {
  const [ax, ay, az, aw] = [a[0], a[1], a[2], a[3]];
  const [bx, by, bz, bw] = [-b[0], -b[1], -b[2], b[3]];
  out[0] = aw * bx + ax * bw + ay * bz - az * by;
  out[1] = aw * by - ax * bz + ay * bw + az * bx;
  out[2] = aw * bz + ax * by - ay * bx + az * bw;
  out[3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

/** The rotation vector (axis × angle, angle in [0, π]) of a unit quaternion. */
function rotationVector(q: ArrayLike<number>, out: Float64Array): Float64Array {
  const sign = q[3] < 0 ? -1 : 1;
  const x = sign * q[0],
    y = sign * q[1],
    z = sign * q[2],
    w = sign * q[3];
  const s = Math.hypot(x, y, z);
  const scale = s > 1e-12 ? (2 * Math.atan2(s, w)) / s : 2;
  out[0] = scale * x;
  out[1] = scale * y;
  out[2] = scale * z;
  return out;
}
