/**
 * Whether the closed segment p–q touches a triangle, within a relative tolerance that errs towards "yes"
 * (Möller & Trumbore 1997 with the segment parameter bounded to [0, 1]). The embedding asks "is this sample
 * edge cut by the surface?", so a near miss must count as a cut: gluing material across a surface is the
 * failure to avoid, an extra cut only costs one missed connection that a neighbouring edge supplies.
 * Segments lying in the triangle's plane count as cut when they come within the tolerance of it.
 *
 * @param positions  #V×3 vertex positions [m]
 * @param a          first corner (vertex index)
 * @param b          second corner
 * @param c          third corner
 * @param px         segment start p [m]
 * @param py         segment start p [m]
 * @param pz         segment start p [m]
 * @param qx         segment end q [m]
 * @param qy         segment end q [m]
 * @param qz         segment end q [m]
 * @param tolerance  relative slack on the barycentric and segment parameters (default 1e-9)
 * @returns true when they touch
 */
export function segmentIntersectsTriangle(
  positions: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
  tolerance = 1e-9,
): boolean {
  const ax = positions[3 * a];
  const ay = positions[3 * a + 1];
  const az = positions[3 * a + 2];
  const e1x = positions[3 * b] - ax;
  const e1y = positions[3 * b + 1] - ay;
  const e1z = positions[3 * b + 2] - az;
  const e2x = positions[3 * c] - ax;
  const e2y = positions[3 * c + 1] - ay;
  const e2z = positions[3 * c + 2] - az;
  const dx = qx - px;
  const dy = qy - py;
  const dz = qz - pz;
  const hx = dy * e2z - dz * e2y;
  const hy = dz * e2x - dx * e2z;
  const hz = dx * e2y - dy * e2x;
  const det = e1x * hx + e1y * hy + e1z * hz;
  const nx = e1y * e2z - e1z * e2y;
  const ny = e1z * e2x - e1x * e2z;
  const nz = e1x * e2y - e1y * e2x;
  const normalLength = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const segmentLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(normalLength > 0) || !(segmentLength > 0)) return false;
  const sx = px - ax;
  const sy = py - ay;
  const sz = pz - az;
  if (Math.abs(det) <= 1e-12 * normalLength * segmentLength) {
    // Parallel: a cut only if the segment lies (nearly) in the plane and crosses the triangle; treat an
    // in-plane segment conservatively by its plane distance only.
    const planeDistance = Math.abs(sx * nx + sy * ny + sz * nz) / normalLength;
    if (planeDistance > tolerance * segmentLength) return false;
    return inPlaneOverlap(ax, ay, az, e1x, e1y, e1z, e2x, e2y, e2z, px, py, pz, qx, qy, qz, nx, ny, nz);
  }
  const inverse = 1 / det;
  const u = (sx * hx + sy * hy + sz * hz) * inverse;
  if (u < -tolerance || u > 1 + tolerance) return false;
  const rx = sy * e1z - sz * e1y;
  const ry = sz * e1x - sx * e1z;
  const rz = sx * e1y - sy * e1x;
  const v = (dx * rx + dy * ry + dz * rz) * inverse;
  if (v < -tolerance || u + v > 1 + tolerance) return false;
  const t = (e2x * rx + e2y * ry + e2z * rz) * inverse;
  return t >= -tolerance && t <= 1 + tolerance;
}

/** Coplanar case: does the segment cross the triangle (2-D test in the plane's dominant projection)? */
function inPlaneOverlap(
  ax: number,
  ay: number,
  az: number,
  e1x: number,
  e1y: number,
  e1z: number,
  e2x: number,
  e2y: number,
  e2z: number,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
  nx: number,
  ny: number,
  nz: number,
): boolean {
  // Project away the dominant normal axis.
  const anx = Math.abs(nx);
  const any = Math.abs(ny);
  const anz = Math.abs(nz);
  const pick = (x: number, y: number, z: number): [number, number] => (anx >= any && anx >= anz ? [y, z] : any >= anz ? [z, x] : [x, y]);
  const A = pick(ax, ay, az);
  const B = pick(ax + e1x, ay + e1y, az + e1z);
  const C = pick(ax + e2x, ay + e2y, az + e2z);
  const P = pick(px, py, pz);
  const Q = pick(qx, qy, qz);
  if (pointInTriangle2(P, A, B, C) || pointInTriangle2(Q, A, B, C)) return true;
  return segmentsCross2(P, Q, A, B) || segmentsCross2(P, Q, B, C) || segmentsCross2(P, Q, C, A);
}

function orient2(a: [number, number], b: [number, number], c: [number, number]): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function pointInTriangle2(p: [number, number], a: [number, number], b: [number, number], c: [number, number]): boolean {
  const d1 = orient2(a, b, p);
  const d2 = orient2(b, c, p);
  const d3 = orient2(c, a, p);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

function segmentsCross2(p: [number, number], q: [number, number], a: [number, number], b: [number, number]): boolean {
  const d1 = orient2(a, b, p);
  const d2 = orient2(a, b, q);
  const d3 = orient2(p, q, a);
  const d4 = orient2(p, q, b);
  return d1 * d2 <= 0 && d3 * d4 <= 0;
}
