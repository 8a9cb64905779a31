/**
 * Closest points of two closed segments p0–p1 and q0–q1 (Ericson, "Real-Time Collision Detection" 2005, §5.1.9):
 * parameters s, t ∈ [0, 1] of c_p = p0 + s(p1 − p0) and c_q = q0 + t(q1 − q0), and their squared distance. Parallel
 * segments get one of their closest pairs (s from the projection of q0, then clamped), zero-length segments a point;
 * never NaN. This is the edge–edge distance of OGC (seed 000 Eqs. 5.15–5.16, 5.23). Allocation-free.
 *
 * @param positions       #V×3 positions of the first segment's ends [m]
 * @param p0              first segment (indices into positions)
 * @param p1
 * @param otherPositions  #V×3 positions of the second segment's ends [m] (may be positions)
 * @param q0              second segment (indices into otherPositions)
 * @param q1
 * @param out             2 numbers receiving s and t
 * @returns squared distance [m²]
 */
export function segmentSegmentClosestPoints(
  positions: ArrayLike<number>,
  p0: number,
  p1: number,
  otherPositions: ArrayLike<number>,
  q0: number,
  q1: number,
  out: Float64Array,
): number {
  const ax = positions[3 * p0],
    ay = positions[3 * p0 + 1],
    az = positions[3 * p0 + 2];
  const ux = positions[3 * p1] - ax,
    uy = positions[3 * p1 + 1] - ay,
    uz = positions[3 * p1 + 2] - az;
  const bx = otherPositions[3 * q0],
    by = otherPositions[3 * q0 + 1],
    bz = otherPositions[3 * q0 + 2];
  const vx = otherPositions[3 * q1] - bx,
    vy = otherPositions[3 * q1 + 1] - by,
    vz = otherPositions[3 * q1 + 2] - bz;
  const rx = ax - bx,
    ry = ay - by,
    rz = az - bz;
  const a = ux * ux + uy * uy + uz * uz;
  const e = vx * vx + vy * vy + vz * vz;
  const f = vx * rx + vy * ry + vz * rz;
  let s: number;
  let t: number;
  if (!(a > 0) && !(e > 0)) {
    s = 0;
    t = 0;
  } else if (!(a > 0)) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = ux * rx + uy * ry + uz * rz;
    if (!(e > 0)) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = ux * vx + uy * vy + uz * vz;
      const denominator = a * e - b * b;
      s = denominator > 1e-14 * a * e ? clamp01((b * f - c * e) / denominator) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  out[0] = s;
  out[1] = t;
  const dx = rx + s * ux - t * vx;
  const dy = ry + s * uy - t * vy;
  const dz = rz + s * uz - t * vz;
  return dx * dx + dy * dy + dz * dz;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
