import type { OgcContactState } from './types.ts';

/**
 * Whether x lies in the edge block U_e of edge e (seed 000 §5.1.4, Eq. 5.8), as far as the callers need: on the outer
 * side of the plane through e perpendicular to each adjacent facet (away from that facet's opposite corner). The end
 * planes perpendicular to e are not tested here: the callers ask only for points whose closest feature on a triangle
 * is e's interior (pointTriangleClosestPoint), which lies between them. A vertex–edge contact is made only inside it
 * (§5.1.2). Twin: `inEdgeBlock` in kernels/contact/ogcDetection.wgsl.
 *
 * @param state  the contact (reads points, edges, edgeOppositeOffsets, edgeOpposites)
 * @param e      the edge
 * @param x      the tested position [m] (x, y, z)
 * @returns true when x is in U_e (false for a zero-length edge)
 */
export function inEdgeBlock(state: OgcContactState, e: number, x: number, y: number, z: number): boolean {
  const { points, edges, edgeOppositeOffsets, edgeOpposites } = state;
  const i = edges[2 * e],
    j = edges[2 * e + 1];
  const ax = points[3 * i],
    ay = points[3 * i + 1],
    az = points[3 * i + 2];
  const ux = points[3 * j] - ax,
    uy = points[3 * j + 1] - ay,
    uz = points[3 * j + 2] - az;
  const length2 = ux * ux + uy * uy + uz * uz;
  if (!(length2 > 0)) return false;
  for (let k = edgeOppositeOffsets[e]; k < edgeOppositeOffsets[e + 1]; k++) {
    const o = edgeOpposites[k];
    const ox = points[3 * o],
      oy = points[3 * o + 1],
      oz = points[3 * o + 2];
    const s = ((ox - ax) * ux + (oy - ay) * uy + (oz - az) * uz) / length2;
    const fx = ax + s * ux,
      fy = ay + s * uy,
      fz = az + s * uz; // foot of o on the edge's line
    if ((x - fx) * (fx - ox) + (y - fy) * (fy - oy) + (z - fz) * (fz - oz) < 0) return false;
  }
  return true;
}
