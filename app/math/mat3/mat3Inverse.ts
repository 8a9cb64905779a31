import { mat3Determinant } from './mat3Determinant.ts';

/**
 * Inverse of a row-major 3×3 matrix by the adjugate (Cramer's rule), M⁻¹ = adj(M) / det M: allocation-free, and
 * accurate to rounding for well-conditioned M (exact for the integer cube templates of the embedding).
 * Singularity is the caller's test, relative to its own scale (e.g. |det| ≤ 10⁻¹²·‖M‖³), made before the call
 * with mat3Determinant.
 *
 * @param m            9 numbers, row-major 3×3
 * @param out          9 numbers receiving M⁻¹ row-major; must not alias m
 * @param determinant  det M when the caller already has it (default: computed)
 * @returns out
 */
export function mat3Inverse<T extends { [index: number]: number }>(m: ArrayLike<number>, out: T, determinant = mat3Determinant(m)): T {
  const s = 1 / determinant;
  out[0] = (m[4] * m[8] - m[5] * m[7]) * s;
  out[1] = (m[2] * m[7] - m[1] * m[8]) * s;
  out[2] = (m[1] * m[5] - m[2] * m[4]) * s;
  out[3] = (m[5] * m[6] - m[3] * m[8]) * s;
  out[4] = (m[0] * m[8] - m[2] * m[6]) * s;
  out[5] = (m[2] * m[3] - m[0] * m[5]) * s;
  out[6] = (m[3] * m[7] - m[4] * m[6]) * s;
  out[7] = (m[1] * m[6] - m[0] * m[7]) * s;
  out[8] = (m[0] * m[4] - m[1] * m[3]) * s;
  return out;
}
