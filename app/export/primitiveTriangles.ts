import type { Primitive } from '@gltf-transform/core';

/**
 * The triangles of a triangle primitive as a list of local vertex indices, in the order and orientation the
 * importer gives them (app/io importedMesh; glTF 2.0 §3.7.2.1): TRIANGLES as they are (a trailing partial
 * triangle dropped), TRIANGLE_STRIP triangle i as (i, i+1+i%2, i+2−i%2), TRIANGLE_FAN triangle i as
 * (i+1, i+2, 0). So triangle t of the k-th triangle primitive is triangle (firstTriangle_k + t) of the mesh's
 * concatenated list (ImportedMesh.triangles).
 *
 * @param primitive  a primitive of mode 4, 5 or 6
 * @returns #T×3 local vertex indices
 */
export function primitiveTriangles(primitive: Primitive): Uint32Array {
  const count = primitive.getAttribute('POSITION')?.getCount() ?? 0;
  const indices = primitive.getIndices()?.getArray();
  const index = (i: number) => (indices ? indices[i] : i);
  const n = indices ? indices.length : count;
  const mode = primitive.getMode();
  if (mode === 4) {
    const out = new Uint32Array(n - (n % 3));
    for (let i = 0; i < out.length; i++) out[i] = index(i);
    return out;
  }
  const triangleCount = Math.max(0, n - 2);
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
