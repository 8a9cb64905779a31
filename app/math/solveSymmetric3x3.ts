/**
 * Solves H·x = b for a symmetric 3×3 matrix H with the analytic adjugate formula x = adj(H)·b / det(H).
 *
 * seed 000 (VBD/OGC dissertation) §3.1.2, Eq. 3.4: VBD solves each vertex's 3×3 Newton system analytically and
 * skips the vertex when |det H| ≤ ε. The threshold here is relative, ε = relativeEpsilon·(tr(H)/3)³, so it does
 * not depend on units or on the mass scale m/h² (a fixed ε would be meaningless across scenes).
 *
 * @param hessian          9 numbers, row-major symmetric H (only the upper triangle is read)
 * @param rightHandSide    3 numbers b
 * @param out              3 numbers, receives x; untouched when the solve is refused
 * @param relativeEpsilon  refuse when |det H| ≤ relativeEpsilon·(tr H / 3)³ (or when tr H ≤ 0 or det is not finite)
 * @returns true when out holds the solution, false when H is (nearly) singular
 */
export function solveSymmetric3x3(
  hessian: ArrayLike<number>,
  rightHandSide: ArrayLike<number>,
  out: { [index: number]: number },
  relativeEpsilon = 1e-12,
): boolean {
  const a = hessian[0];
  const b = hessian[1];
  const c = hessian[2];
  const d = hessian[4];
  const e = hessian[5];
  const f = hessian[8];
  // Cofactors of the symmetric matrix [a b c; b d e; c e f].
  const c00 = d * f - e * e;
  const c01 = c * e - b * f;
  const c02 = b * e - c * d;
  const c11 = a * f - c * c;
  const c12 = b * c - a * e;
  const c22 = a * d - b * b;
  const determinant = a * c00 + b * c01 + c * c02;
  const trace = (a + d + f) / 3;
  if (!(trace > 0) || !Number.isFinite(determinant) || Math.abs(determinant) <= relativeEpsilon * trace * trace * trace) {
    return false;
  }
  const inverse = 1 / determinant;
  const r0 = rightHandSide[0];
  const r1 = rightHandSide[1];
  const r2 = rightHandSide[2];
  out[0] = (c00 * r0 + c01 * r1 + c02 * r2) * inverse;
  out[1] = (c01 * r0 + c11 * r1 + c12 * r2) * inverse;
  out[2] = (c02 * r0 + c12 * r1 + c22 * r2) * inverse;
  return true;
}
