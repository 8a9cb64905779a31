/**
 * Mean length of the edges of a triangle list (each triangle's three edges, shared edges counted from both sides;
 * zero-length edges left out): the length scale the contact defaults and the repair gap derive from.
 *
 * @param positions  #V×3 positions [m]
 * @param triangles  #T×3 vertex indices
 * @param fallback   returned when there is no edge of positive length (default 0.01 m)
 * @returns the mean edge length [m]
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
