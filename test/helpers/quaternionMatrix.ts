/**
 * The row-major 3×3 rotation matrix of a unit quaternion (x, y, z, w), written out from the textbook formula
 * independently of the engine's rotation code, for tests and benches that build rotations to feed or check it.
 */
export function quaternionMatrix(q: ArrayLike<number>): number[] {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y - z * w),
    2 * (x * z + y * w),
    2 * (x * y + z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z - x * w),
    2 * (x * z - y * w),
    2 * (y * z + x * w),
    1 - 2 * (x * x + y * y),
  ];
}
