/**
 * Solves A·x = b in place with the factor C of A = C·Cᵀ written by denseCholesky: forward substitution with C, then
 * back substitution with Cᵀ. Nothing allocated.
 *
 * @param factor  m×m row-major, lower triangle = C (denseCholesky)
 * @param m       the order
 * @param rhs     m numbers b on input, x on output
 * @param offset  first entry of b inside rhs (default 0)
 * @returns rhs
 */
export function denseCholeskySolve(factor: Float64Array, m: number, rhs: Float64Array, offset = 0): Float64Array {
  for (let i = 0; i < m; i++) {
    let value = rhs[offset + i];
    for (let k = 0; k < i; k++) value -= factor[i * m + k] * rhs[offset + k];
    rhs[offset + i] = value / factor[i * m + i];
  }
  for (let i = m - 1; i >= 0; i--) {
    let value = rhs[offset + i];
    for (let k = i + 1; k < m; k++) value -= factor[k * m + i] * rhs[offset + k];
    rhs[offset + i] = value / factor[i * m + i];
  }
  return rhs;
}
