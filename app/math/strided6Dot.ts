/**
 * The dot product of two 6-vectors read with strides from flat arrays, Σ_k a[aAt + aStride·k]·b[bAt + bStride·k]
 * summed from 0 in k order: a row (stride 1) or a column (stride 6) of a row-major 6×6 against another or a vector.
 * The gear swing's modal algebra (app/bake: gearSwingModel's Φ, ΦᵀM and M⁻¹; stepGearSwing's and startGear's
 * projections onto the modes and back) is all such sums over the 6 rigid coordinates.
 *
 * @param a        the first array (Float64Array only: one element type keeps the reads monomorphic)
 * @param aAt      index of its first entry
 * @param aStride  step between its entries (1: a row, 6: a column of a row-major 6×6)
 * @param b        the second array
 * @param bAt      index of its first entry
 * @param bStride  step between its entries
 * @returns the sum
 */
export function strided6Dot(a: Float64Array, aAt: number, aStride: number, b: Float64Array, bAt: number, bStride: number): number {
  let sum = 0;
  for (let k = 0; k < 6; k++) sum += a[aAt + aStride * k] * b[bAt + bStride * k];
  return sum;
}
