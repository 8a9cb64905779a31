import type { DistanceHeap } from './distanceHeap.ts';
import type { SemiGeodesicGraph } from './semiGeodesicGraph.ts';

/**
 * Runs Dijkstra from whatever the heap holds until it is empty, over the vertices v with allowed[v] === stamp only:
 * lowers distance wherever a shorter path is found (the semi-geodesic distances of seed 004 §3.4.2's manipulator
 * hierarchy and local regions). With a label array and node ≥ 0 every improved vertex gets label `node`; with
 * node = −1 it inherits the label of the vertex it was reached from (multi-source Voronoi labelling).
 *
 * @param graph     semi-geodesic graph (CSR offsets, neighbors, edge lengths [m])
 * @param heap      the sources and their start distances, pushed by the caller; emptied
 * @param distance  #V distances [m], lowered in place (the caller sets the sources' and resets the others')
 * @param label     #V labels, written with the distances; null for none
 * @param node      the label to write (≥ 0), or −1 to inherit the label of the vertex reached from
 * @param allowed   #V stamps; only vertices with allowed[v] === stamp are entered
 * @param stamp     the stamp of the allowed vertices
 */
export function dijkstraDistances(
  graph: SemiGeodesicGraph,
  heap: DistanceHeap,
  distance: Float64Array,
  label: Int32Array | null,
  node: number,
  allowed: Int32Array,
  stamp: number,
): void {
  const { offsets, neighbors, lengths } = graph;
  while (heap.size > 0) {
    const d = heap.topKey;
    const v = heap.topVertex;
    heap.pop();
    if (d > distance[v]) continue;
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const u = neighbors[e];
      if (allowed[u] !== stamp) continue;
      const candidate = d + lengths[e];
      if (candidate < distance[u]) {
        distance[u] = candidate;
        if (label) label[u] = node >= 0 ? node : label[v];
        heap.push(candidate, u);
      }
    }
  }
}
