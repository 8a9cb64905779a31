/**
 * The deformation gradient F = Σ_k x_k g_kᵀ of tet t at positions x (g_k its rest shape-function gradients,
 * tetShapeGradients): the affine map's linear part taking the rest tet to the deformed one, F = D_s·D_m⁻¹.
 * The per-element quantity of volumetric ARAP's local step (seed 004 §3.2 with per-tet rotations, Eq. 4.1's Φ).
 *
 * @param positions  #V×3 deformed positions x [m]
 * @param tetrahedra #T×4 vertex indices
 * @param gradients  #T×4×3 shape-function gradients [1/m]
 * @param t          tet index
 * @param out        9 numbers, receives F row-major (dimensionless)
 * @returns out
 */
export function tetDeformationGradient(
  positions: ArrayLike<number>,
  tetrahedra: ArrayLike<number>,
  gradients: Float64Array,
  t: number,
  out: Float64Array,
): Float64Array {
  // Nine sums in locals (the fitter's local step calls this for every tet of every iteration); each adds its four
  // terms in vertex order, from 0.
  let f0 = 0,
    f1 = 0,
    f2 = 0,
    f3 = 0,
    f4 = 0,
    f5 = 0,
    f6 = 0,
    f7 = 0,
    f8 = 0;
  for (let i = 0; i < 4; i++) {
    const v = 3 * tetrahedra[4 * t + i];
    const g = 12 * t + 3 * i;
    const g0 = gradients[g];
    const g1 = gradients[g + 1];
    const g2 = gradients[g + 2];
    const x0 = positions[v];
    const x1 = positions[v + 1];
    const x2 = positions[v + 2];
    f0 += x0 * g0;
    f1 += x0 * g1;
    f2 += x0 * g2;
    f3 += x1 * g0;
    f4 += x1 * g1;
    f5 += x1 * g2;
    f6 += x2 * g0;
    f7 += x2 * g1;
    f8 += x2 * g2;
  }
  out[0] = f0;
  out[1] = f1;
  out[2] = f2;
  out[3] = f3;
  out[4] = f4;
  out[5] = f5;
  out[6] = f6;
  out[7] = f7;
  out[8] = f8;
  return out;
}
