/**
 * An axis-aligned box [lo, hi] as a closed, outward-wound triangle surface for tests: corner k at
 * (k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z), 8 vertices, 12 triangles, two per face in the face
 * order z = lo, z = hi, y = lo, y = hi, x = lo, x = hi (so `triangles.slice(6 * n)` leaves the first n faces open).
 *
 * @param lo  minimum corner [m]
 * @param hi  maximum corner [m]
 * @returns positions (8×3, row-major) and triangles (12×3)
 */
export function boxSurface(lo: readonly [number, number, number], hi: readonly [number, number, number]): { positions: number[]; triangles: number[] } {
  const positions: number[] = [];
  for (let k = 0; k < 8; k++) positions.push(k & 1 ? hi[0] : lo[0], k & 2 ? hi[1] : lo[1], k & 4 ? hi[2] : lo[2]);
  const triangles = [0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5];
  return { positions, triangles };
}
