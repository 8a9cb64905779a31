/**
 * Eigen-decomposition of a symmetric 3×3 matrix by cyclic Jacobi rotations: A = V·diag(w)·Vᵀ
 * (Golub & Van Loan, Matrix Computations, §8.5 "Jacobi methods"). Converges quadratically; it stops when the
 * off-diagonal mass falls below 1e-30 of the diagonal's, within 12 sweeps.
 *
 * \note row-major flat arrays; V's columns are the eigenvectors; eigenvalues are not sorted.
 *
 * @param A  9 numbers, a symmetric matrix; overwritten (it ends diagonal)
 * @param V  9 numbers, out: orthogonal eigenvector matrix
 * @param w  3 numbers, out: eigenvalues, w[i] belonging to column i of V
 */
export function symmetricEigen3(A: Float64Array, V: Float64Array, w: Float64Array): void {
  V.fill(0);
  V[0] = V[4] = V[8] = 1;
  for (let sweep = 0; sweep < 12; sweep++) {
    const off = A[1] * A[1] + A[2] * A[2] + A[5] * A[5];
    const diagonal = A[0] * A[0] + A[4] * A[4] + A[8] * A[8];
    if (off <= 1e-30 * diagonal || off === 0) break;
    for (let pair = 0; pair < 3; pair++) {
      // pairs (0,1), (0,2), (1,2)
      const p = pair === 2 ? 1 : 0;
      const q = pair === 0 ? 1 : 2;
      const apq = A[3 * p + q];
      if (apq === 0) continue;
      const theta = (A[3 * q + q] - A[3 * p + p]) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = A[3 * k + p];
        const akq = A[3 * k + q];
        A[3 * k + p] = c * akp - s * akq;
        A[3 * k + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = A[3 * p + k];
        const aqk = A[3 * q + k];
        A[3 * p + k] = c * apk - s * aqk;
        A[3 * q + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = V[3 * k + p];
        const vkq = V[3 * k + q];
        V[3 * k + p] = c * vkp - s * vkq;
        V[3 * k + q] = s * vkp + c * vkq;
      }
    }
  }
  w[0] = A[0];
  w[1] = A[4];
  w[2] = A[8];
}
