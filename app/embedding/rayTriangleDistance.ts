/**
 * Distance along a ray to its hit with a triangle, by Möller & Trumbore 1997 ("Fast, Minimum Storage
 * Ray/Triangle Intersection"): solve o + t·d = a + u·(b − a) + v·(c − a) by Cramer's rule. Both sides of the
 * triangle count; edges and corners are inside (closed triangle). Unlike segmentIntersectsTriangle there is no
 * tolerance: the embedding's thin-slab rule asks for the exact first wall a ray meets.
 *
 * @param positions  #V×3 vertex positions [m], row-major
 * @param a          vertex index of the first corner
 * @param b          vertex index of the second corner
 * @param c          vertex index of the third corner
 * @param ox         ray origin o [m]
 * @param oy         ray origin o [m]
 * @param oz         ray origin o [m]
 * @param dx         ray direction d (any length; t is in units of |d|)
 * @param dy         ray direction d
 * @param dz         ray direction d
 * @returns the ray parameter t of the hit (negative when it lies behind the origin), or Infinity when the line
 *          misses the triangle or is parallel to its plane (|det| < 10⁻³⁰⁰)
 */
export function rayTriangleDistance(
  positions: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const ax = positions[3 * a];
  const ay = positions[3 * a + 1];
  const az = positions[3 * a + 2];
  const e1x = positions[3 * b] - ax;
  const e1y = positions[3 * b + 1] - ay;
  const e1z = positions[3 * b + 2] - az;
  const e2x = positions[3 * c] - ax;
  const e2y = positions[3 * c + 1] - ay;
  const e2z = positions[3 * c + 2] - az;
  const px = dy * e2z - dz * e2y;
  const py = dz * e2x - dx * e2z;
  const pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (Math.abs(det) < 1e-300) return Infinity;
  const inverse = 1 / det;
  const sx = ox - ax;
  const sy = oy - ay;
  const sz = oz - az;
  const u = (sx * px + sy * py + sz * pz) * inverse;
  if (u < 0 || u > 1) return Infinity;
  const qx = sy * e1z - sz * e1y;
  const qy = sz * e1x - sx * e1z;
  const qz = sx * e1y - sy * e1x;
  const v = (dx * qx + dy * qy + dz * qz) * inverse;
  if (v < 0 || u + v > 1) return Infinity;
  return (e2x * qx + e2y * qy + e2z * qz) * inverse;
}
