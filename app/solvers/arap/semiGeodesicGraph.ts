import type { ArapModel } from './types.ts';

/** Vertex adjacency with edge lengths, CSR. */
export interface SemiGeodesicGraph {
  /** #V+1 */
  offsets: Int32Array;
  neighbors: Int32Array;
  lengths: Float64Array;
}

/**
 * The graph of seed 004 §3.4.2's "semi-geodesic" distance: a node per vertex, an edge between vertices that share an
 * element, weighted by their Euclidean rest distance; Dijkstra on it approximates geodesic distance inside the
 * volume (tets) or on the surface (triangles) without crossing gaps between parts.
 *
 * @param model  the ARAP model (its element edges and rest positions)
 * @returns the graph
 */
export function semiGeodesicGraph(model: ArapModel): SemiGeodesicGraph {
  const n = model.vertexCount;
  const { edges, restPositions: p } = model;
  const E = edges.length / 2;
  const offsets = new Int32Array(n + 1);
  for (let e = 0; e < E; e++) {
    offsets[edges[2 * e] + 1]++;
    offsets[edges[2 * e + 1] + 1]++;
  }
  for (let v = 0; v < n; v++) offsets[v + 1] += offsets[v];
  const cursor = offsets.slice(0, n);
  const neighbors = new Int32Array(2 * E);
  const lengths = new Float64Array(2 * E);
  for (let e = 0; e < E; e++) {
    const a = edges[2 * e];
    const b = edges[2 * e + 1];
    const length = Math.hypot(p[3 * a] - p[3 * b], p[3 * a + 1] - p[3 * b + 1], p[3 * a + 2] - p[3 * b + 2]);
    neighbors[cursor[a]] = b;
    lengths[cursor[a]++] = length;
    neighbors[cursor[b]] = a;
    lengths[cursor[b]++] = length;
  }
  return { offsets, neighbors, lengths };
}
