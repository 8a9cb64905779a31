/**
 * max over surface vertices of |C′_s d|∞: how far the embedded surface moves by the lattice step d, the fitting's
 * convergence measure (seed 004 Eq. 4.1 is solved until the surface stops moving, not the lattice: lattice vertices in
 * no surface tet can drift along nearly flat ARAP modes without changing the fit).
 *
 * @param surfaceBarycentric  #S×4 barycentric coordinates (the rows of C′)
 * @param surfaceCorners      #S×4 offsets 3·v of the corners into d (TetFitData.surfaceCorners)
 * @param d                   #N×3 lattice step [m]
 * @returns the largest coordinate of any embedded surface vertex's move [m]
 */
export function largestSurfaceStep(surfaceBarycentric: Float64Array, surfaceCorners: Int32Array, d: Float64Array): number {
  const S = surfaceCorners.length / 4;
  let largest = 0;
  for (let s = 0; s < S; s++) {
    let dx = 0;
    let dy = 0;
    let dz = 0;
    for (let i = 0; i < 4; i++) {
      const b = surfaceBarycentric[4 * s + i];
      const v = surfaceCorners[4 * s + i];
      dx += b * d[v];
      dy += b * d[v + 1];
      dz += b * d[v + 2];
    }
    const step = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
    if (step > largest) largest = step;
  }
  return largest;
}
