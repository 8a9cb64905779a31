/**
 * out += S for the symmetric 3×3 S = [xx xy xz; xy yy yz; xz yz zz], row-major. Every VBD element adds its
 * vertex block H_i this way (seed 000 Eqs. 3.5–3.8: H_i = Σ_j ∂²E_j/∂x_i²); each off-diagonal value is written
 * to both of its slots, so H_i stays bitwise symmetric, which solveSymmetric3x3 (reading the upper triangle)
 * and the GPU twin rely on.
 *
 * @param out  9 numbers, row-major 3×3, accumulated (+=) [N/m for Hessians]
 * @param xx   S₀₀
 * @param xy   S₀₁ = S₁₀
 * @param xz   S₀₂ = S₂₀
 * @param yy   S₁₁
 * @param yz   S₁₂ = S₂₁
 * @param zz   S₂₂
 */
export function mat3AddSymmetric(out: Float64Array, xx: number, xy: number, xz: number, yy: number, yz: number, zz: number): void {
  out[0] += xx;
  out[1] += xy;
  out[2] += xz;
  out[3] += xy;
  out[4] += yy;
  out[5] += yz;
  out[6] += xz;
  out[7] += yz;
  out[8] += zz;
}
