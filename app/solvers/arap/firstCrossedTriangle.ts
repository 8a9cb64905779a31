import { triangleNormal } from '../../geometry/index.ts';
import { SegmentTriangleContact, segmentTriangleIntersection } from '../../intersection/index.ts';

/**
 * The triangle a point entered through: of the candidate triangles that the segment o → p (its last position outside
 * the material, then now) crosses, the one whose plane it meets first. ARAP's contact rows for a point found inside a
 * collider mesh or inside its own surface (meshCollider, surfaceSelfContact) push it back out through that triangle's
 * plane (seed 004 ch. 3, contact in the editor: one-sided sliding constraints n·x ≥ d).
 *
 * @param segment     [ox, oy, oz, px, py, pz] [m]
 * @param candidates  triangle indices to test (a broad phase's answer), the first `count` of them
 * @param triangles   #F×3 vertex indices
 * @param positions   #V×3 the triangles' vertex positions [m]
 * @param skip        triangles to leave out by their corners and index (a point's own ring on its surface, a triangle
 *                    inside the point's input region), or null
 * @param out         receives [t, nx, ny, nz]: the parameter along o → p where the plane is met, and the triangle's
 *                    unit normal turned toward o (the outside)
 * @returns the triangle's index, or −1 when the segment crosses none (or only degenerate ones)
 */
export function firstCrossedTriangle(
  segment: Float64Array,
  candidates: ArrayLike<number>,
  count: number,
  triangles: ArrayLike<number>,
  positions: ArrayLike<number>,
  skip: ((a: number, b: number, c: number, f: number) => boolean) | null,
  out: Float64Array,
): number {
  const [ox, oy, oz, px, py, pz] = segment;
  let best = -1;
  let bestT = Infinity;
  for (let q = 0; q < count; q++) {
    const f = candidates[q];
    const a = triangles[3 * f],
      b = triangles[3 * f + 1],
      c = triangles[3 * f + 2];
    if (skip?.(a, b, c, f)) continue;
    if (segmentTriangleIntersection(segment, 0, 1, a, b, c, positions) !== SegmentTriangleContact.Crossing) continue;
    triangleNormal(positions, a, b, c, normal);
    const length = Math.hypot(normal[0], normal[1], normal[2]);
    if (length === 0) continue;
    const n0 = normal[0] / length,
      n1 = normal[1] / length,
      n2 = normal[2] / length;
    const ax = positions[3 * a],
      ay = positions[3 * a + 1],
      az = positions[3 * a + 2];
    const along = n0 * (px - ox) + n1 * (py - oy) + n2 * (pz - oz);
    const t = along !== 0 ? (n0 * (ax - ox) + n1 * (ay - oy) + n2 * (az - oz)) / along : 0;
    if (t >= bestT) continue;
    bestT = t;
    best = f;
    const side = n0 * (ox - ax) + n1 * (oy - ay) + n2 * (oz - az) >= 0 ? 1 : -1;
    out[0] = t;
    out[1] = side * n0;
    out[2] = side * n1;
    out[3] = side * n2;
  }
  return best;
}

const normal = new Float64Array(3);
