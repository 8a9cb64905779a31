import type { FloatArray } from './types.ts';

/**
 * The deformation gradient F = D_s·D_m⁻¹ of tet `tet` (D_s = [x_b − x_a, x_c − x_a, x_d − x_a] its deformed edge
 * matrix, D_m⁻¹ from restShapeInverses; Smith, de Goes, Kim 2018's F), the input of every VBD tet energy
 * (evaluateNeoHookeanForceHessian, evaluateCorotatedForceHessian).
 *
 * @param tetVertices       #T×4 vertex indices a, b, c, d
 * @param tet               tetrahedron index
 * @param positions         #V×3 positions x [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ of every tet [1/m]
 * @param out               9 numbers, receives F row-major (dimensionless): F_rc = Σ_k (D_s)_rk (D_m⁻¹)_kc, summed in k order
 * @returns out
 */
export function deformationGradient(
  tetVertices: Uint32Array,
  tet: number,
  positions: FloatArray,
  restShapeInverse: Float64Array,
  out: Float64Array,
): Float64Array {
  const a = 3 * tetVertices[4 * tet];
  const b = 3 * tetVertices[4 * tet + 1];
  const c = 3 * tetVertices[4 * tet + 2];
  const d = 3 * tetVertices[4 * tet + 3];
  const B = restShapeInverse;
  const t9 = 9 * tet;
  for (let r = 0; r < 3; r++) {
    const e0 = positions[b + r] - positions[a + r];
    const e1 = positions[c + r] - positions[a + r];
    const e2 = positions[d + r] - positions[a + r];
    out[3 * r] = e0 * B[t9] + e1 * B[t9 + 3] + e2 * B[t9 + 6];
    out[3 * r + 1] = e0 * B[t9 + 1] + e1 * B[t9 + 4] + e2 * B[t9 + 7];
    out[3 * r + 2] = e0 * B[t9 + 2] + e1 * B[t9 + 5] + e2 * B[t9 + 8];
  }
  return out;
}
