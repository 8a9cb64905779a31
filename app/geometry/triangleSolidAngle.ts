/**
 * The signed solid angle a triangle subtends at the origin (Van Oosterom & Strackee 1983, "The Solid Angle of a Plane
 * Triangle", Eq. 8): Ω = 2·atan2(a·(b×c), |a||b||c| + (a·b)|c| + (a·c)|b| + (b·c)|a|), for the triangle's corners a,
 * b, c relative to the point. Positive when the corners run counter-clockwise seen from the point. The winding number
 * of a surface at a point is ΣΩ/4π (Jacobson et al. 2013, Eq. 2): generalizedWindingNumber sums it over a tree's
 * leaves, pointInsideSurface over every triangle (through triangleSolidAngleAt).
 *
 * @returns Ω in steradians, in (−2π, 2π]
 */
export function triangleSolidAngle(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number): number {
  const la = Math.sqrt(ax * ax + ay * ay + az * az);
  const lb = Math.sqrt(bx * bx + by * by + bz * bz);
  const lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
  const determinant = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  const denominator = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (ax * cx + ay * cy + az * cz) * lb + (bx * cx + by * cy + bz * cz) * la;
  return 2 * Math.atan2(determinant, denominator);
}

/**
 * The signed solid angle triangle abc of `positions` subtends at the point (x, y, z): triangleSolidAngle of its
 * corners relative to the point (each coordinate p − x, then Eq. 8). Allocation-free.
 *
 * @param positions  #V×3 vertex positions, row-major
 * @param a          vertex index of the first corner
 * @param b          vertex index of the second corner
 * @param c          vertex index of the third corner
 * @param x          the point, in positions' units
 * @param y
 * @param z
 * @returns Ω in steradians, in (−2π, 2π]
 */
export function triangleSolidAngleAt(positions: ArrayLike<number>, a: number, b: number, c: number, x: number, y: number, z: number): number {
  return triangleSolidAngle(
    positions[3 * a] - x,
    positions[3 * a + 1] - y,
    positions[3 * a + 2] - z,
    positions[3 * b] - x,
    positions[3 * b + 1] - y,
    positions[3 * b + 2] - z,
    positions[3 * c] - x,
    positions[3 * c + 1] - y,
    positions[3 * c + 2] - z,
  );
}
