// Generated from solveSymmetric3x3.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const solveSymmetric3x3Wgsl = `// solveSymmetric3x3.wgsl: WGSL twin of app/math/solveSymmetric3x3.ts (same name; the matrix comes as the symmetric
// (diagonal, offDiagonal) of a ForceHessian, the right-hand side is its force, the solution goes to \`out\`).
//
// Solves H·x = b with the analytic adjugate formula (seed 000 §3.1.2, Eq. 3.4: VBD's per-vertex 3×3 Newton step).
// In f32 the matrix and right-hand side are first divided by s = tr(H)/3, so that det(H/s) is O(1) instead of
// O(s³) (s reaches 1e9 N/m for stiff flesh on small tets; s³ would overflow f32) while x = (H/s)⁻¹(b/s) = H⁻¹b.
// The solve is refused (returns false, \`out\` untouched) when tr H ≤ 0 or |det(H/s)| ≤ 1e-6: the CPU's threshold is
// 1e-12 relative to (tr H/3)³, but in f32 the determinant of an O(1) matrix carries rounding errors of about 1e-6,
// so below that the solution would be noise. Both refuse every singular H; they can differ only for H with a
// condition number above ~1e6, which inertia (m/h² I) rules out in dynamic steps.

fn solveSymmetric3x3(hessian: ForceHessian, out: ptr<function, vec3f>) -> bool {
  let trace = (hessian.diagonal.x + hessian.diagonal.y + hessian.diagonal.z) / 3.0;
  if (!(trace > 0.0)) {
    return false;
  }
  let inverseScale = 1.0 / trace;
  let a = hessian.diagonal.x * inverseScale;
  let b = hessian.offDiagonal.x * inverseScale;
  let c = hessian.offDiagonal.y * inverseScale;
  let d = hessian.diagonal.y * inverseScale;
  let e = hessian.offDiagonal.z * inverseScale;
  let f = hessian.diagonal.z * inverseScale;
  let c00 = d * f - e * e;
  let c01 = c * e - b * f;
  let c02 = b * e - c * d;
  let c11 = a * f - c * c;
  let c12 = b * c - a * e;
  let c22 = a * d - b * b;
  let determinant = a * c00 + b * c01 + c * c02;
  if (!(abs(determinant) > 1e-6)) {
    return false;
  }
  let r = hessian.force * (inverseScale / determinant);
  *out = vec3f(c00 * r.x + c01 * r.y + c02 * r.z, c01 * r.x + c11 * r.y + c12 * r.z, c02 * r.x + c12 * r.y + c22 * r.z);
  return true;
}
`;
