import { symmetricEigen3 } from './symmetricEigen3.ts';

/**
 * The largest singular value σ_max of the linear part of a column-major 4×4 matrix (its spectral norm: how much
 * it can stretch a vector), as the square root of the largest eigenvalue of LᵀL (symmetricEigen3).
 *
 * @param matrix  16 numbers, column-major 4×4 (glTF); only the upper-left 3×3 L is read
 * @param offset  index of the matrix's first number in `matrix` (default 0)
 * @returns σ_max(L) ≥ 0
 */
export function mat3LargestSingularValue(matrix: ArrayLike<number>, offset = 0): number {
  const a = _gram;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      // (LᵀL)[r][c] = column r · column c, with column k at matrix[offset + 4k .. 4k + 2].
      a[3 * r + c] =
        matrix[offset + 4 * r] * matrix[offset + 4 * c] +
        matrix[offset + 4 * r + 1] * matrix[offset + 4 * c + 1] +
        matrix[offset + 4 * r + 2] * matrix[offset + 4 * c + 2];
    }
  }
  symmetricEigen3(a, _vectors, _values);
  return Math.sqrt(Math.max(0, _values[0], _values[1], _values[2]));
}

const _gram = new Float64Array(9);
const _vectors = new Float64Array(9);
const _values = new Float64Array(3);
