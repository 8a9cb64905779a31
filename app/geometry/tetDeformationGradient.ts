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
  out.fill(0);
  for (let i = 0; i < 4; i++) {
    const v = 3 * tetrahedra[4 * t + i];
    const g = 12 * t + 3 * i;
    for (let r = 0; r < 3; r++) {
      const value = positions[v + r];
      out[3 * r] += value * gradients[g];
      out[3 * r + 1] += value * gradients[g + 1];
      out[3 * r + 2] += value * gradients[g + 2];
    }
  }
  return out;
}
