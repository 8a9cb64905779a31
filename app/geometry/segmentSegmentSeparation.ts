/**
 * A lower bound of the distance of two closed segments p0–p1 and q0–q1: their gap along the axis through the two
 * midpoints (separating-axis test). Projected on the unit axis n = (m_q − m_p)/|m_q − m_p|, the segments are intervals
 * centred |m_q − m_p| apart with half-widths |(p1 − p0)·n|/2 and |(q1 − q0)·n|/2, and no two points are closer than
 * their projections: distance ≥ |m_q − m_p| − (|(p1 − p0)·n| + |(q1 − q0)·n|)/2. It costs a fraction of
 * segmentSegmentClosestPoints and lets the broad phase of OGC (seed 000 Algorithm 3, the edge–edge candidates within
 * the search radius) drop most far pairs without the exact distance. Negative when the projections overlap; 0 when
 * the midpoints coincide. Allocation-free.
 *
 * @param positions  #V×3 positions [m]
 * @param p0         first segment (indices into positions)
 * @param p1
 * @param q0         second segment (indices into positions)
 * @param q1
 * @returns a lower bound of the distance [m] (not squared; ≤ 0 says nothing)
 */
export function segmentSegmentSeparation(positions: ArrayLike<number>, p0: number, p1: number, q0: number, q1: number): number {
  const ax = positions[3 * p0], ay = positions[3 * p0 + 1], az = positions[3 * p0 + 2];
  const bx = positions[3 * p1], by = positions[3 * p1 + 1], bz = positions[3 * p1 + 2];
  const cx = positions[3 * q0], cy = positions[3 * q0 + 1], cz = positions[3 * q0 + 2];
  const dx = positions[3 * q1], dy = positions[3 * q1 + 1], dz = positions[3 * q1 + 2];
  const wx = 0.5 * (cx + dx - ax - bx), wy = 0.5 * (cy + dy - ay - by), wz = 0.5 * (cz + dz - az - bz);
  const length = Math.sqrt(wx * wx + wy * wy + wz * wz);
  if (!(length > 0)) return 0;
  const spread = Math.abs((bx - ax) * wx + (by - ay) * wy + (bz - az) * wz) + Math.abs((dx - cx) * wx + (dy - cy) * wy + (dz - cz) * wz);
  return length - (0.5 * spread) / length;
}
