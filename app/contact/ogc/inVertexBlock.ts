import type { OgcContactState } from './types.ts';

/**
 * Whether x lies in the vertex block U_w of point w (seed 000 §5.1.4, Eq. 5.7): on the outer side of the plane through
 * w perpendicular to each incident edge (w's 1-ring, contactTopology's neighbours). A vertex–vertex or vertex–edge
 * endpoint contact is made only inside it, so the force stays orthogonal to the surface (§5.1.2).
 * Twin: `inVertexBlock` in kernels/contact/ogcDetection.wgsl.
 *
 * @param state  the contact (reads points, neighbourOffsets, neighbours)
 * @param w      the point
 * @param x      the tested position [m] (x, y, z)
 * @returns true when x is in U_w (boundary included)
 */
export function inVertexBlock(state: OgcContactState, w: number, x: number, y: number, z: number): boolean {
  const { points, neighbourOffsets, neighbours } = state;
  const wx = points[3 * w],
    wy = points[3 * w + 1],
    wz = points[3 * w + 2];
  for (let k = neighbourOffsets[w]; k < neighbourOffsets[w + 1]; k++) {
    const n = neighbours[k];
    if ((x - wx) * (wx - points[3 * n]) + (y - wy) * (wy - points[3 * n + 1]) + (z - wz) * (wz - points[3 * n + 2]) < 0) return false;
  }
  return true;
}
