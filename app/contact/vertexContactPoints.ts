/**
 * Contact points that are the simulation vertices themselves (cloth, or the boundary of a tet mesh): point p is
 * vertex vertices[p] with weight 1 (VbdContactData's layout: #S×4 vertices, #S×4 weights 1, 0, 0, 0).
 *
 * @param vertices  #S simulation vertex of each point (default: 0..count−1)
 * @param count     number of points when vertices is not given
 * @returns pointVertices and pointWeights for ogcContact
 */
export function vertexContactPoints(
  vertices: ArrayLike<number> | null,
  count = vertices ? vertices.length : 0,
): { pointVertices: Uint32Array; pointWeights: Float64Array } {
  const pointVertices = new Uint32Array(4 * count);
  const pointWeights = new Float64Array(4 * count);
  for (let p = 0; p < count; p++) {
    pointVertices.fill(vertices ? vertices[p] : p, 4 * p, 4 * p + 4);
    pointWeights[4 * p] = 1;
  }
  return { pointVertices, pointWeights };
}
