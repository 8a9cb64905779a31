import type { Primitive } from '@gltf-transform/core';
import { triangleListIndices } from '../geometry/index.ts';

/**
 * The triangles of a triangle primitive as a list of local vertex indices, in the order and orientation the
 * importer gives them (triangleListIndices, as app/io importedMesh uses it), so triangle t of the k-th triangle
 * primitive is triangle (firstTriangle_k + t) of the mesh's concatenated list (ImportedMesh.triangles).
 *
 * @param primitive  a primitive of mode 4, 5 or 6
 * @returns #T×3 local vertex indices
 */
export function primitiveTriangles(primitive: Primitive): Uint32Array {
  const count = primitive.getAttribute('POSITION')?.getCount() ?? 0;
  const indices = primitive.getIndices()?.getArray();
  return triangleListIndices(primitive.getMode(), indices ? indices.length : count, indices ? (i) => indices[i] : (i) => i);
}
