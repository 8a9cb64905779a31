/**
 * Vertex 1-rings of a triangle mesh as CSR: the vertices sharing an edge with each vertex (triangles with a repeated
 * index contribute their distinct edges only).
 *
 * @param triangles    #T×3 vertex indices
 * @param vertexCount  #V
 * @returns offsets (#V+1) and neighbours: vertex v's ring is neighbours[offsets[v] .. offsets[v + 1]]
 */
export function vertexNeighbours(triangles: ArrayLike<number>, vertexCount: number): { offsets: Uint32Array; neighbours: Uint32Array } {
  const lists: Set<number>[] = Array.from({ length: vertexCount }, () => new Set<number>());
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[t + k],
        b = triangles[t + ((k + 1) % 3)];
      if (a === b) continue;
      lists[a].add(b);
      lists[b].add(a);
    }
  }
  const offsets = new Uint32Array(vertexCount + 1);
  for (let v = 0; v < vertexCount; v++) offsets[v + 1] = offsets[v] + lists[v].size;
  const neighbours = new Uint32Array(offsets[vertexCount]);
  for (let v = 0; v < vertexCount; v++) neighbours.set([...lists[v]], offsets[v]);
  return { offsets, neighbours };
}

/**
 * How much of a local correction each vertex takes: 1 on the marked vertices, 1/2 on their 1-ring, 1/4 on the 2-ring,
 * 0 elsewhere. A correction scaled by it has no crease at its edge (the bake's corrections toward the input: the final
 * contact check, app/contact/bakeContact.ts, and the flip guard, app/bake/flipGuard.ts).
 *
 * @param marked      #V: 1 on the vertices to correct fully
 * @param offsets     vertexNeighbours' offsets
 * @param neighbours  vertexNeighbours' neighbours
 * @param falloff     #V output
 */
export function ringFalloff(marked: Uint8Array, offsets: Uint32Array, neighbours: Uint32Array, falloff: Float32Array): void {
  for (let v = 0; v < marked.length; v++) falloff[v] = marked[v] === 1 ? 1 : 0;
  for (const level of [0.5, 0.25]) {
    const previous = 2 * level;
    for (let v = 0; v < marked.length; v++) {
      if (falloff[v] !== previous) continue;
      for (let k = offsets[v]; k < offsets[v + 1]; k++) if (falloff[neighbours[k]] === 0) falloff[neighbours[k]] = -level;
    }
    for (let v = 0; v < marked.length; v++) if (falloff[v] === -level) falloff[v] = level;
  }
}
