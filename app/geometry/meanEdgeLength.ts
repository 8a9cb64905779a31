/**
 * The mean edge length of a triangle mesh: each triangle's three edges (an interior edge counted from both sides, a
 * border edge once), zero-length edges left out. The mesh's length scale: a cloth measures its remaining error in it
 * and its stiffness next to its mass grows as 1/ℓ² (app/bake/clothSubsteps.ts); the contact radius and the repair gap
 * derive from it (app/contact/contactDefaults.ts, surfaceRepair.ts), and ARAP's collider radius.
 *
 * @param positions  #V×3 positions
 * @param triangles  #T×3 vertex indices
 * @param fallback   returned when there is no edge of positive length (default 0.01)
 * @returns the mean edge length, in the positions' units
 */
export function meanEdgeLength(positions: ArrayLike<number>, triangles: ArrayLike<number>, fallback = 1e-2): number {
  let length = 0;
  let count = 0;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const i = 3 * triangles[t + k];
      const j = 3 * triangles[t + ((k + 1) % 3)];
      const l = Math.hypot(positions[i] - positions[j], positions[i + 1] - positions[j + 1], positions[i + 2] - positions[j + 2]);
      if (l > 0) {
        length += l;
        count++;
      }
    }
  }
  return count > 0 ? length / count : fallback;
}
