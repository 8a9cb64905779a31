/**
 * out += M·b for a row-major 3×3 M and a 3-vector b, all read and written in place: the scatter of ARAP's global-step
 * right-hand side b = Σ_k B_k R_kᵀ (seed 004 Eq. A.1), one rotated coefficient vector R_k b_e per group entry.
 * Each row is summed as (M_r0·b0 + M_r1·b1) + M_r2·b2, then added to out.
 *
 * @param m        array holding M at mOffset (9 numbers, row-major)
 * @param mOffset  index of M₀₀
 * @param b        array holding b at bOffset
 * @param bOffset  index of b's x
 * @param out      array accumulating the result at outOffset (+=)
 * @param outOffset index of the result's x
 */
export function mat3MultiplyAddVector(
  m: ArrayLike<number>,
  mOffset: number,
  b: ArrayLike<number>,
  bOffset: number,
  out: Float64Array,
  outOffset: number,
): void {
  const b0 = b[bOffset];
  const b1 = b[bOffset + 1];
  const b2 = b[bOffset + 2];
  for (let r = 0; r < 3; r++) out[outOffset + r] += m[mOffset + 3 * r] * b0 + m[mOffset + 3 * r + 1] * b1 + m[mOffset + 3 * r + 2] * b2;
}
