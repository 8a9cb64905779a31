import { orient2d, orient3d } from 'robust-predicates';

/** How a segment meets a triangle (segmentTriangleIntersection). */
export const SegmentTriangleContact = {
  /** no common point */
  None: 0,
  /** the segment crosses the triangle's plane inside the closed triangle (touching at a boundary counts) */
  Crossing: 1,
  /** segment and triangle lie in one plane and share a point */
  Coplanar: 2,
  /** the triangle has zero area or the segment zero length: not decided, the caller counts it as degenerate */
  Degenerate: 3,
} as const;
export type SegmentTriangleContact = (typeof SegmentTriangleContact)[keyof typeof SegmentTriangleContact];

/**
 * Whether a closed segment p–q and a closed triangle a–b–c share a point, decided exactly: every decision is the sign
 * of an orientation determinant evaluated with Shewchuk's adaptive-precision predicates (robust-predicates), so the
 * answer is the one exact real arithmetic on the double inputs gives. Float32 positions are exact in double, so a
 * check of float32 frames is exact.
 *
 * Non-coplanar case: q and p lie on opposite sides of (or on) the plane of abc, and the line pq passes inside (or on
 * the boundary of) the triangle: the three orientations of pq against the triangle's edges share a sign. Coplanar
 * case (both endpoints on the plane): the 2-D test in a projection where the triangle keeps its area. Touching counts
 * as intersecting: the checker is the oracle for "a bake never adds an intersection", so it errs toward reporting.
 *
 * This file is deliberately independent of app/contact (the solver's proximity code): it is the oracle the contact
 * tests use, and a bug shared by both would hide itself.
 *
 * @param positions  #V×3 vertex positions [m] (any array of numbers)
 * @param p          segment start (vertex index)
 * @param q          segment end
 * @param a          first triangle corner
 * @param b          second corner
 * @param c          third corner
 * @param otherPositions  positions of the triangle's vertices when they live in another array (default: positions)
 * @returns None, Crossing, Coplanar, or Degenerate (zero-area triangle or zero-length segment)
 */
export function segmentTriangleIntersection(
  positions: ArrayLike<number>,
  p: number,
  q: number,
  a: number,
  b: number,
  c: number,
  otherPositions: ArrayLike<number> = positions,
): SegmentTriangleContact {
  const P = positions;
  const T = otherPositions;
  const px = P[3 * p],
    py = P[3 * p + 1],
    pz = P[3 * p + 2];
  const qx = P[3 * q],
    qy = P[3 * q + 1],
    qz = P[3 * q + 2];
  const ax = T[3 * a],
    ay = T[3 * a + 1],
    az = T[3 * a + 2];
  const bx = T[3 * b],
    by = T[3 * b + 1],
    bz = T[3 * b + 2];
  const cx = T[3 * c],
    cy = T[3 * c + 1],
    cz = T[3 * c + 2];
  if (px === qx && py === qy && pz === qz) return SegmentTriangleContact.Degenerate;
  const op = orient3d(ax, ay, az, bx, by, bz, cx, cy, cz, px, py, pz);
  const oq = orient3d(ax, ay, az, bx, by, bz, cx, cy, cz, qx, qy, qz);
  if ((op > 0 && oq > 0) || (op < 0 && oq < 0)) return SegmentTriangleContact.None;
  if (op === 0 && oq === 0) {
    // Both endpoints on the plane, or the triangle has no plane (zero area).
    const axis = projectionAxis(ax, ay, az, bx, by, bz, cx, cy, cz);
    if (axis < 0) return SegmentTriangleContact.Degenerate;
    const [u, v] = axis === 0 ? [1, 2] : axis === 1 ? [2, 0] : [0, 1];
    const A0 = T[3 * a + u],
      A1 = T[3 * a + v];
    const B0 = T[3 * b + u],
      B1 = T[3 * b + v];
    const C0 = T[3 * c + u],
      C1 = T[3 * c + v];
    const P0 = P[3 * p + u],
      P1 = P[3 * p + v];
    const Q0 = P[3 * q + u],
      Q1 = P[3 * q + v];
    if (pointInTriangle2(P0, P1, A0, A1, B0, B1, C0, C1) || pointInTriangle2(Q0, Q1, A0, A1, B0, B1, C0, C1)) return SegmentTriangleContact.Coplanar;
    if (segmentsMeet2(P0, P1, Q0, Q1, A0, A1, B0, B1) || segmentsMeet2(P0, P1, Q0, Q1, B0, B1, C0, C1) || segmentsMeet2(P0, P1, Q0, Q1, C0, C1, A0, A1)) {
      return SegmentTriangleContact.Coplanar;
    }
    return SegmentTriangleContact.None;
  }
  // The closed segment meets the plane in one point; is it inside the closed triangle?
  const s1 = orient3d(px, py, pz, qx, qy, qz, ax, ay, az, bx, by, bz);
  const s2 = orient3d(px, py, pz, qx, qy, qz, bx, by, bz, cx, cy, cz);
  const s3 = orient3d(px, py, pz, qx, qy, qz, cx, cy, cz, ax, ay, az);
  if (s1 === 0 && s2 === 0 && s3 === 0) {
    // Only a zero-area triangle makes the line pq coplanar with all three of its edges while pq leaves its plane.
    return SegmentTriangleContact.Degenerate;
  }
  if ((s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)) return SegmentTriangleContact.Crossing;
  return SegmentTriangleContact.None;
}

/**
 * The coordinate axis to drop so that the triangle keeps a non-zero (exact) area in the other two, preferring the
 * axis of the largest normal component; −1 when the triangle has zero area in every projection (it is degenerate).
 */
function projectionAxis(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number): number {
  const nx = Math.abs((by - ay) * (cz - az) - (bz - az) * (cy - ay));
  const ny = Math.abs((bz - az) * (cx - ax) - (bx - ax) * (cz - az));
  const nz = Math.abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  const order = nx >= ny && nx >= nz ? [0, 1, 2] : ny >= nz ? [1, 2, 0] : [2, 0, 1];
  for (const axis of order) {
    const area = axis === 0 ? orient2d(ay, az, by, bz, cy, cz) : axis === 1 ? orient2d(az, ax, bz, bx, cz, cx) : orient2d(ax, ay, bx, by, cx, cy);
    if (area !== 0) return axis;
  }
  return -1;
}

function pointInTriangle2(px: number, py: number, ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  const d1 = orient2d(ax, ay, bx, by, px, py);
  const d2 = orient2d(bx, by, cx, cy, px, py);
  const d3 = orient2d(cx, cy, ax, ay, px, py);
  return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
}

/** Whether closed segments pq and ab meet (2-D, exact), collinear overlaps included. */
function segmentsMeet2(px: number, py: number, qx: number, qy: number, ax: number, ay: number, bx: number, by: number): boolean {
  const d1 = orient2d(ax, ay, bx, by, px, py);
  const d2 = orient2d(ax, ay, bx, by, qx, qy);
  const d3 = orient2d(px, py, qx, qy, ax, ay);
  const d4 = orient2d(px, py, qx, qy, bx, by);
  if (d1 === 0 && d2 === 0) {
    // Collinear: overlap of the 1-D extents along the dominant axis.
    const useX = Math.abs(bx - ax) + Math.abs(qx - px) >= Math.abs(by - ay) + Math.abs(qy - py);
    const [p0, q0, a0, b0] = useX ? [px, qx, ax, bx] : [py, qy, ay, by];
    return Math.max(Math.min(p0, q0), Math.min(a0, b0)) <= Math.min(Math.max(p0, q0), Math.max(a0, b0));
  }
  return ((d1 >= 0 && d2 <= 0) || (d1 <= 0 && d2 >= 0)) && ((d3 >= 0 && d4 <= 0) || (d3 <= 0 && d4 >= 0));
}
