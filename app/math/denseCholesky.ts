/**
 * In-place Cholesky factorization A = C·Cᵀ of a small dense symmetric positive definite m×m matrix (row-major; the
 * lower triangle is read and overwritten with C, the upper triangle is left as it was). For the normal equations of
 * Anderson acceleration (andersonAccelerator) and the k×k Schur complements of constrained solves (seed 004 Eq.
 * 3.25, app/solvers/arap). O(m³/3), nothing allocated; solve with denseCholeskySolve.
 *
 * @param matrix  m×m row-major, overwritten (lower triangle) with C
 * @param m       the order
 * @returns false when a pivot is not positive (A is not positive definite to rounding); matrix is then partly overwritten
 */
export function denseCholesky(matrix: Float64Array, m: number): boolean {
  for (let j = 0; j < m; j++) {
    let d = matrix[j * m + j];
    for (let k = 0; k < j; k++) d -= matrix[j * m + k] * matrix[j * m + k];
    if (!(d > 0)) return false;
    d = Math.sqrt(d);
    matrix[j * m + j] = d;
    for (let i = j + 1; i < m; i++) {
      let value = matrix[i * m + j];
      for (let k = 0; k < j; k++) value -= matrix[i * m + k] * matrix[j * m + k];
      matrix[i * m + j] = value / d;
    }
  }
  return true;
}
