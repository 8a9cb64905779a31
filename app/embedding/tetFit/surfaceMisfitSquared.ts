/**
 * ‖C′_s x − q̄_s‖², the squared distance from surface vertex s embedded in the lattice at x to its target: one term
 * of the data energy of seed 004 Eq. 4.1.
 *
 * @param surfaceBarycentric  #S×4 barycentric coordinates of each surface vertex in its tet (the rows of C′)
 * @param surfaceCorners      #S×4 offsets 3·v of those tets' corners into x (TetFitData.surfaceCorners)
 * @param surfacePositions    #S×3 targets q̄ [m]
 * @param x                   #N×3 lattice positions [m]
 * @param s                   the surface vertex
 * @returns the squared distance [m²]
 */
export function surfaceMisfitSquared(
  surfaceBarycentric: Float64Array,
  surfaceCorners: Int32Array,
  surfacePositions: ArrayLike<number>,
  x: ArrayLike<number>,
  s: number,
): number {
  let dx = -surfacePositions[3 * s];
  let dy = -surfacePositions[3 * s + 1];
  let dz = -surfacePositions[3 * s + 2];
  for (let i = 0; i < 4; i++) {
    const b = surfaceBarycentric[4 * s + i];
    const v = surfaceCorners[4 * s + i];
    dx += b * x[v];
    dy += b * x[v + 1];
    dz += b * x[v + 2];
  }
  return dx * dx + dy * dy + dz * dz;
}
