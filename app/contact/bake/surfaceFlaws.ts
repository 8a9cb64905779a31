import type { BakeContactStats } from './types.ts';

/**
 * The flaws of a rest surface that contact handles and counts (the report's `contact.surface`): degenerate triangles
 * (a repeated vertex, or exactly collinear corners: left out of contact and of the checks), coincident vertices (the
 * same position as an earlier vertex, bit for bit) and the non-manifold edges the checker found.
 *
 * @param positions         #V×3 rest positions [m]
 * @param triangles         #F×3 vertex indices
 * @param vertexCount       #V
 * @param nonManifoldEdges  the checker's count for this surface (IntersectionChecker.nonManifoldEdges)
 * @returns the three counts
 */
export function surfaceFlaws(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  vertexCount: number,
  nonManifoldEdges: number,
): BakeContactStats['surface'] {
  let degenerateTriangles = 0;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = 3 * triangles[t],
      b = 3 * triangles[t + 1],
      c = 3 * triangles[t + 2];
    if (a === b || b === c || c === a) {
      degenerateTriangles++;
      continue;
    }
    const ux = positions[b] - positions[a],
      uy = positions[b + 1] - positions[a + 1],
      uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a],
      vy = positions[c + 1] - positions[a + 1],
      vz = positions[c + 2] - positions[a + 2];
    if (uy * vz - uz * vy === 0 && uz * vx - ux * vz === 0 && ux * vy - uy * vx === 0) degenerateTriangles++;
  }
  const seen = new Set<string>();
  let coincidentVertices = 0;
  for (let v = 0; v < vertexCount; v++) {
    const key = `${positions[3 * v]},${positions[3 * v + 1]},${positions[3 * v + 2]}`;
    if (seen.has(key)) coincidentVertices++;
    else seen.add(key);
  }
  return { degenerateTriangles, nonManifoldEdges, coincidentVertices };
}
