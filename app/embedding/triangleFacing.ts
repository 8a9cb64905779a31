import { triangleNormal } from '../geometry/index.ts';

/**
 * d · n̂ for the unit normal n̂ of triangle t: > 0 when d points to the triangle's front (the outer side, for
 * outward-oriented meshes). The embedding's pseudo-normal side test (Bærentzen & Aanæs 2005) sums it over the
 * triangles sharing a closest feature.
 *
 * @param positions  #V×3 vertex positions [m], row-major
 * @param triangles  #F×3 vertex indices
 * @param t          triangle index
 * @param dx         direction d (any length; the result scales with |d|)
 * @param dy         direction d
 * @param dz         direction d
 * @returns d · n̂, 0 for a zero-area triangle
 */
export function triangleFacing(positions: Float64Array, triangles: Uint32Array, t: number, dx: number, dy: number, dz: number): number {
  const n = triangleNormal(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], _normal);
  const length = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  return length > 0 ? (dx * n[0] + dy * n[1] + dz * n[2]) / length : 0;
}

const _normal = new Float64Array(3);
