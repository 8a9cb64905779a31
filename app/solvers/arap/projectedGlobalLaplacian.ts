import type { CscMatrix } from '../../math/sparse/index.ts';

/**
 * The global block of L̃, W_gᵀLW_g (seed 004 Eq. 3.19's constant part, projected once per basis): L·W_g row by row,
 * then the symmetric product accumulated in the upper triangle and mirrored (rows of W_g that are exactly zero are
 * skipped).
 *
 * @param laplacian    L, #V×#V symmetric, full pattern (ArapModel.laplacian)
 * @param globalBasis  W_g, #V×r₀ row-major
 * @param r0           r₀, the global basis size
 * @returns r₀×r₀ W_gᵀLW_g, row-major, symmetric
 */
export function projectedGlobalLaplacian(laplacian: CscMatrix, globalBasis: Float64Array, r0: number): Float64Array {
  const { columnPointers: Lp, rowIndices: Li, values: Lx } = laplacian;
  const n = laplacian.columnCount;
  const projected = new Float64Array(r0 * r0);
  const row = new Float64Array(r0);
  for (let m = 0; m < n; m++) {
    row.fill(0);
    for (let q = Lp[m]; q < Lp[m + 1]; q++) {
      const j = Li[q] * r0;
      const value = Lx[q];
      for (let g = 0; g < r0; g++) row[g] += value * globalBasis[j + g];
    }
    const w = m * r0;
    for (let a = 0; a < r0; a++) {
      const wa = globalBasis[w + a];
      if (wa === 0) continue;
      const o = a * r0;
      for (let b = a; b < r0; b++) projected[o + b] += wa * row[b];
    }
  }
  for (let a = 0; a < r0; a++) for (let b = 0; b < a; b++) projected[a * r0 + b] = projected[b * r0 + a];
  return projected;
}
