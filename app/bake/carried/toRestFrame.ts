/**
 * A world 6-vector (two 3-vectors: a shift and a rotation) into a gear's rest frame by the transpose of the row-major
 * rotation R (its animated orientation). In place allowed (world === out).
 *
 * @param R      3×3 row-major rotation, rest frame → world
 * @param world  6 numbers
 * @param out    6 numbers, Rᵀ applied to each half
 */
export function toRestFrame(R: Float64Array, world: ArrayLike<number>, out: Float64Array): void {
  for (let block = 0; block < 6; block += 3) {
    const [x, y, z] = [world[block], world[block + 1], world[block + 2]];
    for (let r = 0; r < 3; r++) out[block + r] = R[r] * x + R[3 + r] * y + R[6 + r] * z;
  }
}
