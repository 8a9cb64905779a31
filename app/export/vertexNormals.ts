/**
 * Area-weighted vertex normals of a triangle mesh, shared within smoothing groups: a vertex's normal is
 * the normalized sum of the (area-scaled) face normals of every triangle touching any vertex of its group.
 *
 * @param positions  #V×3 vertex positions [m]
 * @param triangles  #T×3 vertex indices
 * @param groups     #V smoothing-group id per vertex (ids in [0, #V)); vertices of one group get one normal
 * @param out        #V×3 unit normals (zero where no triangle touches the group)
 * @returns out
 */
export function vertexNormals(positions: ArrayLike<number>, triangles: ArrayLike<number>, groups: ArrayLike<number>, out: Float32Array): Float32Array {
  const vertexCount = positions.length / 3;
  const sums = new Float64Array(vertexCount * 3);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t];
    const b = triangles[t + 1];
    const c = triangles[t + 2];
    const ux = positions[3 * b] - positions[3 * a];
    const uy = positions[3 * b + 1] - positions[3 * a + 1];
    const uz = positions[3 * b + 2] - positions[3 * a + 2];
    const vx = positions[3 * c] - positions[3 * a];
    const vy = positions[3 * c + 1] - positions[3 * a + 1];
    const vz = positions[3 * c + 2] - positions[3 * a + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (const corner of [a, b, c]) {
      const g = groups[corner];
      sums[3 * g] += nx;
      sums[3 * g + 1] += ny;
      sums[3 * g + 2] += nz;
    }
  }
  for (let v = 0; v < vertexCount; v++) {
    const g = groups[v];
    const x = sums[3 * g];
    const y = sums[3 * g + 1];
    const z = sums[3 * g + 2];
    const length = Math.hypot(x, y, z);
    const scale = length > 0 ? 1 / length : 0;
    out[3 * v] = x * scale;
    out[3 * v + 1] = y * scale;
    out[3 * v + 2] = z * scale;
  }
  return out;
}
