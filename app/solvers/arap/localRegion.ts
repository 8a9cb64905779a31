import { dijkstraDistances } from './dijkstraDistances.ts';
import { distanceHeap } from './distanceHeap.ts';
import type { SemiGeodesicGraph } from './semiGeodesicGraph.ts';

/** Scratch of localRegion, sized for one mesh and reused across groups. */
export interface LocalRegionScratch {
  distance: Float64Array;
  budget: Float64Array;
  stamp: Int32Array;
  explored: Int32Array;
  counter: { value: number };
}

/** @returns scratch for localRegion on a mesh of vertexCount vertices */
export function localRegionScratch(vertexCount: number): LocalRegionScratch {
  return {
    distance: new Float64Array(vertexCount),
    budget: new Float64Array(vertexCount),
    stamp: new Int32Array(vertexCount),
    explored: new Int32Array(vertexCount),
    counter: { value: 0 },
  };
}

/**
 * The overlapping "local region" of a local group, seed 004 §3.4.2 (Fig. 3.9): the union over the vertices v of the
 * parent's Voronoi cell V of the largest ball around v that holds no manipulator of levels 0..ℓ+1 lying outside V.
 * Balls are measured in the semi-geodesic metric, like everything else in the hierarchy (the thesis leaves the
 * metric open; Euclidean balls would leak across the gap between two fingers). Regions of neighbouring cells
 * overlap, so the local bases can represent deformations that cross cell boundaries, and each stays exactly zero
 * outside its region, so L̃ stays sparse. Work is proportional to the cell's neighbourhood: the search stops at
 * twice the cell's radius around it.
 *
 * @param graph       semi-geodesic graph
 * @param cell        vertices of V (the parent's cell)
 * @param center      the parent's vertex (inside V)
 * @param isBarrier   returns whether vertex u is a manipulator of level ≤ ℓ+1 (barrier when outside V)
 * @param scratch     localRegionScratch of this mesh
 * @returns the region's vertices, increasing (a superset of the cell)
 */
export function localRegion(
  graph: SemiGeodesicGraph,
  cell: ArrayLike<number>,
  center: number,
  isBarrier: (vertex: number) => boolean,
  scratch: LocalRegionScratch,
): Int32Array {
  const { offsets, neighbors, lengths } = graph;
  const { distance, budget, stamp, explored } = scratch;
  const heap = distanceHeap(256);
  const inCell = ++scratch.counter.value;
  for (let k = 0; k < cell.length; k++) stamp[cell[k]] = inCell;
  // Phase 0: the cell's radius around its center.
  distance[center] = 0;
  stamp[center] = inCell;
  heap.push(0, center);
  let radius = 0;
  const visited = new Set<number>();
  while (heap.size > 0) {
    const d = heap.topKey;
    const v = heap.topVertex;
    heap.pop();
    if (visited.has(v)) continue;
    visited.add(v);
    radius = Math.max(radius, d);
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const u = neighbors[e];
      if (stamp[u] !== inCell || visited.has(u)) continue;
      heap.push(d + lengths[e], u);
    }
  }
  const bound = 2 * radius + 1e-12;
  // Phase A: everything within `bound` of the cell; collect the barriers outside it.
  const exploredStamp = ++scratch.counter.value;
  let exploredCount = 0;
  heap.clear();
  for (let k = 0; k < cell.length; k++) {
    distance[cell[k]] = 0;
    heap.push(0, cell[k]);
  }
  const barriers: number[] = [];
  const settled = new Set<number>();
  while (heap.size > 0) {
    const d = heap.topKey;
    const v = heap.topVertex;
    heap.pop();
    if (settled.has(v)) continue;
    settled.add(v);
    if (stamp[v] !== inCell) stamp[v] = exploredStamp;
    explored[exploredCount++] = v;
    if (stamp[v] !== inCell && isBarrier(v)) barriers.push(v);
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const u = neighbors[e];
      const candidate = d + lengths[e];
      if (candidate > bound || settled.has(u)) continue;
      heap.push(candidate, u);
    }
  }
  // Phase B: distance from the outside barriers, inside the explored set.
  // Every cell vertex was explored in phase A, so from here the explored set is the vertices stamped exploredStamp.
  for (let k = 0; k < exploredCount; k++) {
    distance[explored[k]] = Infinity;
    stamp[explored[k]] = exploredStamp;
  }
  heap.clear();
  for (const v of barriers) {
    distance[v] = 0;
    heap.push(0, v);
  }
  dijkstraDistances(graph, heap, distance, null, 0, stamp, exploredStamp);
  // Phase C: union of the balls B(v, r_v), r_v = distance to the nearest outside barrier (bound when none).
  for (let k = 0; k < exploredCount; k++) budget[explored[k]] = -Infinity;
  heap.clear();
  for (let k = 0; k < cell.length; k++) {
    const v = cell[k];
    budget[v] = Math.min(distance[v], bound);
    heap.push(-budget[v], v);
  }
  const region: number[] = [];
  const done = new Set<number>();
  while (heap.size > 0) {
    const b = -heap.topKey;
    const v = heap.topVertex;
    heap.pop();
    if (done.has(v) || b < budget[v]) continue;
    done.add(v);
    region.push(v);
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const u = neighbors[e];
      if (stamp[u] !== exploredStamp || done.has(u)) continue;
      const remaining = b - lengths[e];
      // A relative tolerance: a ball whose radius is exactly the distance to a barrier must not reach it by rounding.
      if (remaining > 1e-9 * bound && remaining > budget[u]) {
        budget[u] = remaining;
        heap.push(-remaining, u);
      }
    }
  }
  return Int32Array.from(region).sort();
}
