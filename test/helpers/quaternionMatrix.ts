/**
 * The row-major 3×3 rotation matrix of a unit quaternion (x, y, z, w) as a plain array, for tests and benches that
 * build rotations to feed or check other code (the engine's app/math quaternionMatrix, which writes into `out`).
 */
import { quaternionMatrix as writeQuaternionMatrix } from '../../app/math/mat3/index.ts';

export function quaternionMatrix(q: ArrayLike<number>): number[] {
  const out = new Float64Array(9);
  writeQuaternionMatrix(q, out);
  return Array.from(out);
}
