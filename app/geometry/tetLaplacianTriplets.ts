/**
 * Triplets of the weighted tet stiffness Laplacian L = scale·Σ_t w_t·G_t G_tᵀ, (L)_ij = scale·Σ_t w_t g_i·g_j (g the
 * shape-function gradients of tetShapeGradients): with w_t the tet volume this is the P1 finite-element Laplacian,
 * whose off-diagonal entries are −(1/6)·Σ l_kl·cot θ_kl over the tets sharing edge ij (the tet cotangent weights of
 * seed 004 §3.2, Vega's generateLaplacian), and ½pᵀLp = ½Σ_t w_t‖F_t(p)‖²_F. The ARAP global matrix of seed 004
 * Eq. 3.1 (per-tet rotations) and of the fitting of Eq. 4.1 (tetTargetFitter). Sixteen triplets per tet, duplicates
 * summed by cscMatrixFromTriplets.
 *
 * @param tetrahedra  #T×4 vertex indices
 * @param tetCount    number of tets T
 * @param gradients   #T×4×3 shape-function gradients [1/m] (tetShapeGradients)
 * @param weights     #T per-tet weights w_t (volumes [m³], or any normalized weight)
 * @param scale       factor on every entry (each value is computed as scale·w_t·(g_i·g_j), in that order)
 * @param rows        receives row indices from `offset` on (16·T entries)
 * @param columns     receives column indices
 * @param values      receives values
 * @param offset      first triplet slot to write
 * @returns the slot after the last one written (offset + 16·T)
 */
export function tetLaplacianTriplets(
  tetrahedra: ArrayLike<number>,
  tetCount: number,
  gradients: Float64Array,
  weights: ArrayLike<number>,
  scale: number,
  rows: Int32Array,
  columns: Int32Array,
  values: Float64Array,
  offset: number,
): number {
  let k = offset;
  for (let t = 0; t < tetCount; t++) {
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        const gi = 12 * t + 3 * i;
        const gj = 12 * t + 3 * j;
        rows[k] = tetrahedra[4 * t + i];
        columns[k] = tetrahedra[4 * t + j];
        values[k++] = scale * weights[t] * (gradients[gi] * gradients[gj] + gradients[gi + 1] * gradients[gj + 1] + gradients[gi + 2] * gradients[gj + 2]);
      }
    }
  }
  return k;
}
