/**
 * Determinant of a row-major 3×3 matrix by cofactor expansion along the first row:
 * det M = m₀₀(m₁₁m₂₂ − m₁₂m₂₁) − m₀₁(m₁₀m₂₂ − m₁₂m₂₀) + m₀₂(m₁₀m₂₁ − m₁₁m₂₀). For an edge matrix
 * D = [x₁−x₀, x₂−x₀, x₃−x₀] (edges as columns) it is six times the tetrahedron's signed volume (seed 000's D_m).
 *
 * @param m  9 numbers, row-major 3×3
 * @returns det M
 */
export function mat3Determinant(m: ArrayLike<number>): number {
  return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
}
