/**
 * C′ᵀΛ·q, the data term's part of the right-hand side of the fitting's global step (seed 004 Eq. 4.1: the gradient of
 * ½‖C′u − q‖²_Λ is C′ᵀΛC′u − C′ᵀΛq): each surface vertex's weighted target scattered to its tet's 4 corners by its
 * barycentric coordinates. Per frame with q = q̄ (fit), and with q = δq̄ for the linear response.
 *
 * @param dataWeights         #S Λ (dataWeights), dimensionless
 * @param surfaceBarycentric  #S×4 barycentric coordinates (the rows of C′)
 * @param surfaceCorners      #S×4 offsets 3·v of the corners into out (TetFitData.surfaceCorners)
 * @param surface             #S×3 surface positions or displacements q [m]
 * @param out                 #N×3 receives C′ᵀΛq [m] (cleared first)
 * @returns out
 */
export function surfaceDataRightHandSide(
  dataWeights: Float64Array,
  surfaceBarycentric: Float64Array,
  surfaceCorners: Int32Array,
  surface: ArrayLike<number>,
  out: Float64Array,
): Float64Array {
  const S = dataWeights.length;
  out.fill(0);
  for (let s = 0; s < S; s++) {
    for (let i = 0; i < 4; i++) {
      const weight = dataWeights[s] * surfaceBarycentric[4 * s + i];
      const v = surfaceCorners[4 * s + i];
      out[v] += weight * surface[3 * s];
      out[v + 1] += weight * surface[3 * s + 1];
      out[v + 2] += weight * surface[3 * s + 2];
    }
  }
  return out;
}
