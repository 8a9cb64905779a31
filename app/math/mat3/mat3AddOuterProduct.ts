/**
 * out += a·bᵀ for two 3-vectors read in place, row-major: the one term of every sum of outer products
 * S = Σ_e x_e g_eᵀ (a deformation gradient Σ_k x_k g_kᵀ, ARAP's covariance S_k = Σ_e p_e b_eᵀ of Sorkine & Alexa 2007
 * §3, seed 004 Eq. 4.10's smooth ∇S(u)). Sums that start from out = 0 and add their terms in order give the same
 * numbers as nine local accumulators.
 *
 * @param out      9 numbers, row-major 3×3, accumulated (+=): out[3r + c] += a_r·b_c
 * @param a        array holding a at aOffset (positions [m], or any 3-vector)
 * @param aOffset  index of a's x
 * @param b        array holding b at bOffset (gradients [1/m], coefficients)
 * @param bOffset  index of b's x
 */
export function mat3AddOuterProduct(out: Float64Array, a: ArrayLike<number>, aOffset: number, b: ArrayLike<number>, bOffset: number): void {
  const b0 = b[bOffset];
  const b1 = b[bOffset + 1];
  const b2 = b[bOffset + 2];
  for (let r = 0; r < 3; r++) {
    const x = a[aOffset + r];
    out[3 * r] += x * b0;
    out[3 * r + 1] += x * b1;
    out[3 * r + 2] += x * b2;
  }
}
