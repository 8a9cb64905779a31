import { triangleNormal } from './triangleNormal.ts';

const NORMAL = new Float64Array(3);

/**
 * Area per vertex of a triangle mesh: a third of the area of each triangle touching it (the barycentric lumped
 * area, so the areas sum to the mesh's area). Degenerate triangles add nothing.
 *
 * @param positions    #V×3 vertex positions [m], row-major
 * @param triangles    #F×3 vertex indices (each < #V)
 * @param vertexCount  #V
 * @param out          #V receives the areas [m²]; allocated when omitted
 * @returns out
 */
export function vertexAreas(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  vertexCount: number,
  out: Float64Array = new Float64Array(vertexCount),
): Float64Array {
  out.fill(0, 0, vertexCount);
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t],
      b = triangles[t + 1],
      c = triangles[t + 2];
    const n = triangleNormal(positions, a, b, c, NORMAL);
    const third = Math.hypot(n[0], n[1], n[2]) / 6;
    out[a] += third;
    out[b] += third;
    out[c] += third;
  }
  return out;
}
