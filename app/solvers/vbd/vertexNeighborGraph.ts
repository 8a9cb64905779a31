/**
 * The vertex graph VBD colors (seed 000 §3.1.9): two vertices are neighbours when some force element uses both, so
 * each element's vertices form a clique (tets 4, triangles 3, bending hinges 4, springs 2).
 *
 * @param vertexCount  #V
 * @param stencils     element vertex lists, each { vertices: #E×k indices, arity: k }
 * @returns CSR offsets (#V+1) and sorted, duplicate-free neighbours (no self loops)
 */
export function vertexNeighborGraph(
  vertexCount: number,
  stencils: ReadonlyArray<{ vertices: Uint32Array; arity: number }>,
): { offsets: Uint32Array; neighbors: Uint32Array } {
  const counts = new Uint32Array(vertexCount + 1);
  for (const { vertices, arity } of stencils) {
    for (let k = 0; k < vertices.length; k++) counts[vertices[k] + 1] += arity - 1;
  }
  for (let v = 0; v < vertexCount; v++) counts[v + 1] += counts[v];
  const raw = new Uint32Array(counts[vertexCount]);
  const cursor = counts.slice(0, vertexCount);
  for (const { vertices, arity } of stencils) {
    for (let e = 0; e < vertices.length; e += arity) {
      for (let p = 0; p < arity; p++) {
        const a = vertices[e + p];
        for (let q = 0; q < arity; q++) if (q !== p) raw[cursor[a]++] = vertices[e + q];
      }
    }
  }
  // sort and deduplicate each row in place, then compact
  const offsets = new Uint32Array(vertexCount + 1);
  let write = 0;
  for (let v = 0; v < vertexCount; v++) {
    const row = raw.subarray(counts[v], counts[v + 1]).sort();
    offsets[v] = write;
    let previous = -1;
    for (let k = 0; k < row.length; k++) {
      const u = row[k];
      if (u !== previous && u !== v) raw[write++] = u;
      previous = u;
    }
  }
  offsets[vertexCount] = write;
  return { offsets, neighbors: raw.slice(0, write) };
}
