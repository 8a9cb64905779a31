/**
 * The rotation matrix of a unit quaternion.
 *
 * @param q    the quaternion (x, y, z, w)
 * @param out  3×3 row-major rotation
 */
export function quaternionMatrix(q: ArrayLike<number>, out: Float64Array): void {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  out[0] = 1 - 2 * (y * y + z * z);
  out[1] = 2 * (x * y - z * w);
  out[2] = 2 * (x * z + y * w);
  out[3] = 2 * (x * y + z * w);
  out[4] = 1 - 2 * (x * x + z * z);
  out[5] = 2 * (y * z - x * w);
  out[6] = 2 * (x * z - y * w);
  out[7] = 2 * (y * z + x * w);
  out[8] = 1 - 2 * (x * x + y * y);
}
