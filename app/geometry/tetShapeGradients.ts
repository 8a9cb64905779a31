/**
 * The four shape-function gradients g_0..g_3 of a linear tetrahedron and its volume: the barycentric coordinate
 * of vertex k is an affine function with gradient g_k, so any deformation of the tet has the deformation gradient
 * F = Σ_k x_k g_kᵀ (tetDeformationGradient) and the tet's stiffness Laplacian is V·g_i·g_j (tetLaplacianTriplets).
 * With D = [x1−x0, x2−x0, x3−x0] (columns), the rows of D⁻¹ are g_1, g_2, g_3 and g_0 = −g_1 − g_2 − g_3 (partition
 * of unity). Used by the fitting of seed 004 Eq. 4.1 (tetTargetFitter) and by volumetric ARAP (app/solvers/arap).
 *
 * @param positions   #V×3 rest positions [m], row-major
 * @param tetrahedra  #T×4 vertex indices
 * @param t           tet index
 * @param out         #T×4×3 gradients [1/m]; entries 12t … 12t+11 are written (g_k at 12t + 3k)
 * @returns the tet's volume |det D|/6 [m³]
 */
export function tetShapeGradients(positions: ArrayLike<number>, tetrahedra: ArrayLike<number>, t: number, out: Float64Array): number {
  const a = 3 * tetrahedra[4 * t];
  const e = [1, 2, 3].map((k) => {
    const v = 3 * tetrahedra[4 * t + k];
    return [positions[v] - positions[a], positions[v + 1] - positions[a + 1], positions[v + 2] - positions[a + 2]];
  });
  // D = [e1 e2 e3] (columns); rows of D⁻¹ are g_1, g_2, g_3.
  const det =
    e[0][0] * (e[1][1] * e[2][2] - e[2][1] * e[1][2]) - e[1][0] * (e[0][1] * e[2][2] - e[2][1] * e[0][2]) + e[2][0] * (e[0][1] * e[1][2] - e[1][1] * e[0][2]);
  const inv = 1 / det;
  // Row k of D⁻¹ = (e_{k+1} × e_{k+2}) / det.
  const cross = (u: number[], v: number[]): number[] => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const g1 = cross(e[1], e[2]);
  const g2 = cross(e[2], e[0]);
  const g3 = cross(e[0], e[1]);
  const o = 12 * t;
  for (let r = 0; r < 3; r++) {
    out[o + 3 + r] = g1[r] * inv;
    out[o + 6 + r] = g2[r] * inv;
    out[o + 9 + r] = g3[r] * inv;
    out[o + r] = -(out[o + 3 + r] + out[o + 6 + r] + out[o + 9 + r]);
  }
  return Math.abs(det) / 6;
}
