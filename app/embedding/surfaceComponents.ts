import { unionFindMerge, unionFindRoot } from '../math/index.ts';
import { mat3Determinant } from '../math/mat3/index.ts';

/**
 * Welded connected components of a triangle surface and the orientation of each: two triangles are in one
 * component when they share a welded vertex; a component's sign is that of its signed volume
 * V = ⅙ Σ (a − o)·((b − o) × (c − o)) (the divergence theorem, Zhang & Chen 2001), taken about the component's
 * vertex mean o so it does not depend on where the origin is. A component whose normals point inwards has
 * V < 0, so multiplying by the sign makes "inner side" mean the same for every part (latticeEmbedding step 4).
 *
 * @param positions      #V×3 vertex positions [m], row-major
 * @param welded         #F′×3 welded vertex indices (the first #F rows are the real triangles; the rest is ignored)
 * @param triangleCount  #F real triangles
 * @param vertexCount    #V
 * @returns orientation (#F, +1 or −1 per triangle: its component's sign), componentOfTriangle (#F component
 *          index, numbered in order of first appearance) and componentCount
 */
export function surfaceComponents(
  positions: Float64Array,
  welded: Uint32Array,
  triangleCount: number,
  vertexCount: number,
): { orientation: Int8Array; componentOfTriangle: Int32Array; componentCount: number } {
  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  for (let t = 0; t < triangleCount; t++) {
    unionFindMerge(parent, welded[3 * t], welded[3 * t + 1]);
    unionFindMerge(parent, welded[3 * t], welded[3 * t + 2]);
  }
  // Signed volume about the component's vertex mean, so it does not depend on where the origin is.
  const mean = new Float64Array(3 * vertexCount);
  const count = new Float64Array(vertexCount);
  for (let t = 0; t < triangleCount; t++) {
    const root = unionFindRoot(parent, welded[3 * t]);
    for (let k = 0; k < 3; k++) {
      const v = welded[3 * t + k];
      mean[3 * root] += positions[3 * v];
      mean[3 * root + 1] += positions[3 * v + 1];
      mean[3 * root + 2] += positions[3 * v + 2];
      count[root]++;
    }
  }
  const volume = new Float64Array(vertexCount);
  const corners = new Float64Array(9);
  for (let t = 0; t < triangleCount; t++) {
    const root = unionFindRoot(parent, welded[3 * t]);
    const ox = mean[3 * root] / count[root];
    const oy = mean[3 * root + 1] / count[root];
    const oz = mean[3 * root + 2] / count[root];
    // rows a − o, b − o, c − o: the determinant is (a − o)·((b − o) × (c − o))
    for (let k = 0; k < 3; k++) {
      const v = 3 * welded[3 * t + k];
      corners[3 * k] = positions[v] - ox;
      corners[3 * k + 1] = positions[v + 1] - oy;
      corners[3 * k + 2] = positions[v + 2] - oz;
    }
    volume[root] += mat3Determinant(corners);
  }
  const orientation = new Int8Array(triangleCount);
  const componentOfTriangle = new Int32Array(triangleCount);
  const componentOfRoot = new Int32Array(vertexCount).fill(-1);
  let componentCount = 0;
  for (let t = 0; t < triangleCount; t++) {
    const root = unionFindRoot(parent, welded[3 * t]);
    orientation[t] = volume[root] < 0 ? -1 : 1;
    if (componentOfRoot[root] < 0) componentOfRoot[root] = componentCount++;
    componentOfTriangle[t] = componentOfRoot[root];
  }
  return { orientation, componentOfTriangle, componentCount };
}
