/**
 * The triangles of a glTF triangle primitive as a flat list of vertex indices (glTF 2.0 §3.7.2.1): TRIANGLES as
 * they are (a trailing partial triangle dropped), TRIANGLE_STRIP triangle i as (p_i, p_{i+1+i%2}, p_{i+2−i%2}),
 * which keeps the winding consistent, TRIANGLE_FAN triangle i as (p_{i+1}, p_{i+2}, p_0). The importer and the
 * export's mesh splitting both number triangles this way, so triangle t means the same triangle to both.
 *
 * @param mode   4 (TRIANGLES), 5 (TRIANGLE_STRIP) or 6 (TRIANGLE_FAN)
 * @param count  the number of indices (or of vertices, for a primitive without indices)
 * @param index  the i-th index (the identity for a primitive without indices)
 * @returns #T×3 vertex indices
 */
export function triangleListIndices(mode: number, count: number, index: (i: number) => number): Uint32Array {
  if (mode === 4) {
    const out = new Uint32Array(count - (count % 3));
    for (let i = 0; i < out.length; i++) out[i] = index(i);
    return out;
  }
  const triangleCount = Math.max(0, count - 2);
  const out = new Uint32Array(3 * triangleCount);
  for (let i = 0; i < triangleCount; i++) {
    if (mode === 5) {
      out[3 * i] = index(i);
      out[3 * i + 1] = index(i + 1 + (i % 2));
      out[3 * i + 2] = index(i + 2 - (i % 2));
    } else {
      out[3 * i] = index(i + 1);
      out[3 * i + 1] = index(i + 2);
      out[3 * i + 2] = index(0);
    }
  }
  return out;
}
