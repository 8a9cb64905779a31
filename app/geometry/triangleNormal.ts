/**
 * The area-weighted normal of triangle abc, n = (b − a) × (c − a): it points to the side from which a, b, c
 * turn counter-clockwise (the front, for outward-oriented meshes) and its length is twice the triangle's area
 * (zero exactly when the corners are collinear). The building block of vertex normals, winding-number dipoles
 * (Barill et al. 2018, §3: N = ½ Σ n) and degenerate-triangle tests.
 *
 * @param positions  #V×3 vertex positions [m], row-major
 * @param a          vertex index of the first corner
 * @param b          vertex index of the second corner
 * @param c          vertex index of the third corner
 * @param out        receives n [m²] in out[0..2]; scratch owned by the caller, so nothing is allocated
 * @returns out
 */
export function triangleNormal<T extends Float32Array | Float64Array>(positions: ArrayLike<number>, a: number, b: number, c: number, out: T): T {
  const ux = positions[3 * b] - positions[3 * a];
  const uy = positions[3 * b + 1] - positions[3 * a + 1];
  const uz = positions[3 * b + 2] - positions[3 * a + 2];
  const vx = positions[3 * c] - positions[3 * a];
  const vy = positions[3 * c + 1] - positions[3 * a + 1];
  const vz = positions[3 * c + 2] - positions[3 * a + 2];
  out[0] = uy * vz - uz * vy;
  out[1] = uz * vx - ux * vz;
  out[2] = ux * vy - uy * vx;
  return out;
}
