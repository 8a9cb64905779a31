/**
 * Closest point of a closed segment i–j to a point x (Ericson, "Real-Time Collision Detection" 2005, §5.1.2): its
 * parameter s ∈ [0, 1] on c = p_i + s(p_j − p_i), the projection of x clamped (0 for a zero-length segment), and the
 * squared distance |x − c|². The edge step of pointTriangleClosestPoint's zero-area fallback and the vertex–edge
 * contact's weights of OGC (vertexFacetContacts, seed 000 §5.1.2). Allocation-free.
 *
 * \note the clamp keeps a −0 projection as −0 (s < 0 ? 0 : s > 1 ? 1 : s, like segmentSegmentClosestPoints).
 *
 * @param positions  #V×3 positions [m]
 * @param i          segment start (index into positions)
 * @param j          segment end
 * @param px         query point [m]
 * @param py
 * @param pz
 * @param out        1 number receiving s
 * @returns squared distance [m²]
 */
export function pointSegmentClosestPoint(positions: ArrayLike<number>, i: number, j: number, px: number, py: number, pz: number, out: Float64Array): number {
  const ix = positions[3 * i],
    iy = positions[3 * i + 1],
    iz = positions[3 * i + 2];
  const ex = positions[3 * j] - ix,
    ey = positions[3 * j + 1] - iy,
    ez = positions[3 * j + 2] - iz;
  const length = ex * ex + ey * ey + ez * ez;
  let s = length > 0 ? ((px - ix) * ex + (py - iy) * ey + (pz - iz) * ez) / length : 0;
  s = s < 0 ? 0 : s > 1 ? 1 : s;
  out[0] = s;
  const dx = px - ix - s * ex,
    dy = py - iy - s * ey,
    dz = pz - iz - s * ez;
  return dx * dx + dy * dy + dz * dz;
}
