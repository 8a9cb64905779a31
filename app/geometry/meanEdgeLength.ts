/**
 * The mean edge length of a triangle mesh, each triangle's three edges counted once per triangle (an interior edge
 * twice, a border edge once): Σ_t (|b − a| + |c − b| + |a − c|) / 3T. The length scale of a cloth (its remaining error
 * is measured in it, and its stiffness next to its mass grows as 1/ℓ²: app/bake/clothSubsteps.ts).
 *
 * @param positions  #V×3 positions
 * @param triangles  #T×3 vertex indices
 * @returns the mean edge (1 for a mesh without triangles, so it can divide)
 */
export function meanEdgeLength(positions: ArrayLike<number>, triangles: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k + 2 < triangles.length; k += 3) {
    for (let e = 0; e < 3; e++) {
      const a = 3 * triangles[k + e];
      const b = 3 * triangles[k + ((e + 1) % 3)];
      sum += Math.hypot(positions[a] - positions[b], positions[a + 1] - positions[b + 1], positions[a + 2] - positions[b + 2]);
    }
  }
  return triangles.length >= 3 ? sum / (3 * Math.floor(triangles.length / 3)) : 1;
}
