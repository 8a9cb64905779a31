/**
 * Each vertex's neighbours along mesh edges, in compressed rows: neighbours of v are
 * neighbours[start[v] .. start[v+1]). Built once per mesh from the welded topology's edges.
 *
 * @param vertexCount  #V
 * @param edges        #E×2 undirected edges, each once
 */
export function vertexNeighbours(vertexCount: number, edges: ArrayLike<number>): { start: Uint32Array; neighbours: Uint32Array } {
  const start = new Uint32Array(vertexCount + 1);
  for (let e = 0; e < edges.length; e++) start[edges[e] + 1]++;
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const neighbours = new Uint32Array(start[vertexCount]);
  const cursor = start.slice(0, vertexCount);
  for (let e = 0; e < edges.length; e += 2) {
    neighbours[cursor[edges[e]]++] = edges[e + 1];
    neighbours[cursor[edges[e + 1]]++] = edges[e];
  }
  return { start, neighbours };
}
