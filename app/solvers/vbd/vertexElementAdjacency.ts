/**
 * Per-vertex element adjacency in CSR form: for each vertex, the elements that use it and the vertex's local slot in
 * each (seed 000 §3.2: F_i, the force elements of vertex i, which the per-vertex solve loops over).
 *
 * @param vertexCount        #V
 * @param elementVertices    #E×k vertex indices
 * @param verticesPerElement k ∈ {2, 3, 4}
 * @returns offsets (#V+1) and entries (#E·k), entry = element·4 + local slot, elements ascending per vertex
 */
export function vertexElementAdjacency(
  vertexCount: number,
  elementVertices: Uint32Array,
  verticesPerElement: number,
): { offsets: Uint32Array; entries: Uint32Array } {
  const offsets = new Uint32Array(vertexCount + 1);
  for (let k = 0; k < elementVertices.length; k++) offsets[elementVertices[k] + 1]++;
  for (let v = 0; v < vertexCount; v++) offsets[v + 1] += offsets[v];
  const cursor = offsets.slice(0, vertexCount);
  const entries = new Uint32Array(elementVertices.length);
  const elementCount = elementVertices.length / verticesPerElement;
  for (let e = 0; e < elementCount; e++) {
    for (let local = 0; local < verticesPerElement; local++) {
      const v = elementVertices[e * verticesPerElement + local];
      entries[cursor[v]++] = e * 4 + local;
    }
  }
  return { offsets, entries };
}
