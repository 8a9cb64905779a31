/** One node's local matrix (scratch; entries 3, 7, 11 stay 0 and 15 stays 1). */
const LOCAL = new Float64Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);

/**
 * World matrices of a flattened node hierarchy from local TRS: M_world(n) = M_world(parent) · T · R · S
 * (glTF 2.0 §3.5.3 "Transformations"), one forward pass because parents come before children.
 *
 * \note quaternions are used as given (not renormalized), as glTF viewers compose them.
 *
 * @param parentIndices  #N parent of each node, -1 for roots; parents precede children
 * @param translations   #N×3 local translations [m]
 * @param rotations      #N×4 local rotations, quaternions x, y, z, w
 * @param scales         #N×3 local scales
 * @param out            #N×16 column-major world matrices
 * @returns out
 */
export function nodeWorldMatrices(
  parentIndices: Int32Array,
  translations: Float64Array,
  rotations: Float64Array,
  scales: Float64Array,
  out: Float64Array,
): Float64Array {
  const nodeCount = parentIndices.length;
  for (let n = 0; n < nodeCount; n++) {
    const x = rotations[4 * n],
      y = rotations[4 * n + 1],
      z = rotations[4 * n + 2],
      w = rotations[4 * n + 3];
    const sx = scales[3 * n],
      sy = scales[3 * n + 1],
      sz = scales[3 * n + 2];
    const x2 = x + x,
      y2 = y + y,
      z2 = z + z;
    const xx = x * x2,
      xy = x * y2,
      xz = x * z2;
    const yy = y * y2,
      yz = y * z2,
      zz = z * z2;
    const wx = w * x2,
      wy = w * y2,
      wz = w * z2;
    // local = T · R · S, column-major (the bottom row stays 0 0 0 1)
    const local = LOCAL;
    local[0] = (1 - (yy + zz)) * sx;
    local[1] = (xy + wz) * sx;
    local[2] = (xz - wy) * sx;
    local[4] = (xy - wz) * sy;
    local[5] = (1 - (xx + zz)) * sy;
    local[6] = (yz + wx) * sy;
    local[8] = (xz + wy) * sz;
    local[9] = (yz - wx) * sz;
    local[10] = (1 - (xx + yy)) * sz;
    local[12] = translations[3 * n];
    local[13] = translations[3 * n + 1];
    local[14] = translations[3 * n + 2];
    const o = 16 * n;
    const parent = parentIndices[n];
    if (parent < 0) {
      out.set(local, o);
      continue;
    }
    const p = 16 * parent;
    // Affine parents (glTF world matrices always are): the bottom row stays 0 0 0 1.
    for (let r = 0; r < 3; r++) {
      const p0 = out[p + r],
        p4 = out[p + 4 + r],
        p8 = out[p + 8 + r],
        p12 = out[p + 12 + r];
      out[o + r] = p0 * local[0] + p4 * local[1] + p8 * local[2];
      out[o + 4 + r] = p0 * local[4] + p4 * local[5] + p8 * local[6];
      out[o + 8 + r] = p0 * local[8] + p4 * local[9] + p8 * local[10];
      out[o + 12 + r] = p0 * local[12] + p4 * local[13] + p8 * local[14] + p12;
    }
    out[o + 3] = 0;
    out[o + 7] = 0;
    out[o + 11] = 0;
    out[o + 15] = 1;
  }
  return out;
}
