import { triangleNormal } from '../../geometry/index.ts';

/** Scratch of zeroArea's normal (nothing allocated per call). */
const NORMAL = new Float64Array(3);

/** Exactly zero area: the three corners are collinear (all three coordinate projections have zero signed area). */
export function zeroArea(P: ArrayLike<number>, a: number, b: number, c: number): boolean {
  // For float32 inputs the differences and products of the normal (b − a) × (c − a) are exact in double, so it is
  // zero exactly when the triangle is; where rounding hides a true zero the exact segment test still reports
  // Degenerate, uncounted.
  const n = triangleNormal(P, a, b, c, NORMAL);
  return n[0] === 0 && n[1] === 0 && n[2] === 0;
}
