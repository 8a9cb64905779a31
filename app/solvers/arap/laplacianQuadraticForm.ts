import type { CscMatrix } from '../../math/sparse/index.ts';

/**
 * tr(pᵀLp) = Σ_c p_{:,c}ᵀ L p_{:,c}, the quadratic part of the ARAP energy (twice it; types.ts) for #V×3 positions.
 *
 * @param laplacian  L, #V×#V, full pattern
 * @param p          #V×3 positions [m], row-major
 * @returns the form's value
 */
export function laplacianQuadraticForm(laplacian: CscMatrix, p: ArrayLike<number>): number {
  const { columnCount, columnPointers, rowIndices, values } = laplacian;
  let sum = 0;
  for (let j = 0; j < columnCount; j++) {
    const jx = p[3 * j];
    const jy = p[3 * j + 1];
    const jz = p[3 * j + 2];
    for (let q = columnPointers[j]; q < columnPointers[j + 1]; q++) {
      const i = 3 * rowIndices[q];
      sum += values[q] * (p[i] * jx + p[i + 1] * jy + p[i + 2] * jz);
    }
  }
  return sum;
}
