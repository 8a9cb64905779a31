/**
 * Whether a triangle and an axis-aligned box overlap (closed sets), by the separating-axis theorem with the
 * 13 axes of Akenine-Möller 2001 ("Fast 3D Triangle-Box Overlap Testing"): the 3 box normals, the triangle
 * normal and the 9 cross products of box axes with triangle edges. Degenerate triangles (collinear or
 * coincident vertices) are handled: a zero axis never separates, so the test stays conservative.
 *
 * @param triangle  9 numbers: the three corners [m], xyz each
 * @param center    box center [m] (3 numbers)
 * @param half      box half-extents [m] (3 numbers, ≥ 0)
 * @returns true when they overlap or touch
 */
export function triangleIntersectsBox(triangle: ArrayLike<number>, center: ArrayLike<number>, half: ArrayLike<number>): boolean {
  const hx = half[0];
  const hy = half[1];
  const hz = half[2];
  const v0x = triangle[0] - center[0];
  const v0y = triangle[1] - center[1];
  const v0z = triangle[2] - center[2];
  const v1x = triangle[3] - center[0];
  const v1y = triangle[4] - center[1];
  const v1z = triangle[5] - center[2];
  const v2x = triangle[6] - center[0];
  const v2y = triangle[7] - center[1];
  const v2z = triangle[8] - center[2];
  // Box normals: the triangle's bounding box against the box.
  if (Math.min(v0x, v1x, v2x) > hx || Math.max(v0x, v1x, v2x) < -hx) return false;
  if (Math.min(v0y, v1y, v2y) > hy || Math.max(v0y, v1y, v2y) < -hy) return false;
  if (Math.min(v0z, v1z, v2z) > hz || Math.max(v0z, v1z, v2z) < -hz) return false;
  const e0x = v1x - v0x;
  const e0y = v1y - v0y;
  const e0z = v1z - v0z;
  const e1x = v2x - v1x;
  const e1y = v2y - v1y;
  const e1z = v2z - v1z;
  const e2x = v0x - v2x;
  const e2y = v0y - v2y;
  const e2z = v0z - v2z;
  // Nine edge × box-axis axes.
  if (!axisOverlaps(0, -e0z, e0y, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  if (!axisOverlaps(0, -e1z, e1y, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  if (!axisOverlaps(0, -e2z, e2y, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  if (!axisOverlaps(e0z, 0, -e0x, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  if (!axisOverlaps(e1z, 0, -e1x, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  if (!axisOverlaps(e2z, 0, -e2x, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  if (!axisOverlaps(-e0y, e0x, 0, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  if (!axisOverlaps(-e1y, e1x, 0, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  if (!axisOverlaps(-e2y, e2x, 0, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz)) return false;
  // Triangle normal: the box's projection radius against the plane offset.
  const nx = e0y * e1z - e0z * e1y;
  const ny = e0z * e1x - e0x * e1z;
  const nz = e0x * e1y - e0y * e1x;
  return axisOverlaps(nx, ny, nz, v0x, v0y, v0z, v1x, v1y, v1z, v2x, v2y, v2z, hx, hy, hz);
}

function axisOverlaps(
  ax: number,
  ay: number,
  az: number,
  v0x: number,
  v0y: number,
  v0z: number,
  v1x: number,
  v1y: number,
  v1z: number,
  v2x: number,
  v2y: number,
  v2z: number,
  hx: number,
  hy: number,
  hz: number,
): boolean {
  const p0 = ax * v0x + ay * v0y + az * v0z;
  const p1 = ax * v1x + ay * v1y + az * v1z;
  const p2 = ax * v2x + ay * v2y + az * v2z;
  const r = hx * Math.abs(ax) + hy * Math.abs(ay) + hz * Math.abs(az);
  return !(Math.min(p0, p1, p2) > r || Math.max(p0, p1, p2) < -r);
}
