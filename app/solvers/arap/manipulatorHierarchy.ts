import { dijkstraDistances } from './dijkstraDistances.ts';
import { distanceHeap, type DistanceHeap } from './distanceHeap.ts';
import type { SemiGeodesicGraph } from './semiGeodesicGraph.ts';

/** Options of manipulatorHierarchy. */
export interface ManipulatorHierarchyOptions {
  /** B₀, the global (level-0) manipulators (seed 004 §3.4.2: 30–50 for small meshes, 100–200 for complex ones) */
  globalCount: number;
  /** B_i, children per node on deeper levels (4–10 in the thesis; default 6) */
  childCount?: number;
  /** deepest level (default 3: L0 plus three local levels; the thesis shows up to L4) */
  maxLevel?: number;
  /** a cell is subdivided only when it has at least this many vertices (default 4·childCount) */
  minCellSize?: number;
  /**
   * #V×3 rest positions: when given, a component whose roots span less than its own affine hull gets more roots,
   * farthest from their span, until they span it (the global basis is linearly precise only then; see below)
   */
  positions?: ArrayLike<number>;
}

/** The forest of manipulators of seed 004 §3.4.2 with its nested Voronoi cells. */
export interface ManipulatorHierarchy {
  nodeCount: number;
  /** #nodes vertex of each manipulator */
  nodeVertex: Int32Array;
  /** #nodes level (0 = global) */
  nodeLevel: Int32Array;
  /** #nodes parent node, −1 for roots */
  nodeParent: Int32Array;
  /** #nodes+1 offsets into children */
  childOffsets: Int32Array;
  /** child nodes, grouped by parent */
  children: Int32Array;
  /** levels 0..levelCount−1 exist */
  levelCount: number;
  /** cells[ℓ][v]: the level-ℓ node whose Voronoi cell holds v, −1 where level ℓ does not reach v */
  cells: Int32Array[];
  /** #V node of each manipulator vertex, −1 for other vertices */
  nodeOfVertex: Int32Array;
  /** number of roots B₀ (nodes 0..B₀−1) */
  rootCount: number;
}

/**
 * The manipulator forest of seed 004 §3.4.2: level 0 by farthest-point ("low-discrepancy") sampling in the
 * semi-geodesic metric and its Voronoi regions; then, cell by cell, B children sampled farthest from the cell's
 * boundary (the vertices outside it) and from manipulators already inside it, and the cell split into its children's
 * Voronoi cells, down to maxLevel or until cells get small ("until all tet mesh vertices are assigned, or a maximum
 * level is reached"). Every connected component gets at least four roots (or all its vertices), so the global
 * basis's system has no null space (linear functions are free in Eq. 3.9's A), and, given the positions, roots
 * that span the component's affine hull (four roots farthest apart on a sphere lie on one great circle: an eye of
 * the test character got four coplanar roots, its free block was singular, and its basis reproduced its own rest
 * shape only to 1.6 cm). Deterministic: sampling starts at the vertex farthest from vertex 0.
 *
 * @param graph          semi-geodesic graph (semiGeodesicGraph)
 * @param componentOf    #V component of each vertex
 * @param componentCount number of components
 * @param options        B₀, B_i, depth, minimum cell size
 * @returns the hierarchy
 */
export function manipulatorHierarchy(
  graph: SemiGeodesicGraph,
  componentOf: Int32Array,
  componentCount: number,
  options: ManipulatorHierarchyOptions,
): ManipulatorHierarchy {
  const n = componentOf.length;
  const childCount = options.childCount ?? 6;
  const maxLevel = options.maxLevel ?? 3;
  const minCellSize = options.minCellSize ?? 4 * childCount;
  const heap = distanceHeap();
  const distance = new Float64Array(n);
  const nodeVertex: number[] = [];
  const nodeLevel: number[] = [];
  const nodeParent: number[] = [];
  const nodeOfVertex = new Int32Array(n).fill(-1);
  const addNode = (vertex: number, level: number, parent: number): number => {
    const node = nodeVertex.length;
    nodeVertex.push(vertex);
    nodeLevel.push(level);
    nodeParent.push(parent);
    nodeOfVertex[vertex] = node;
    return node;
  };

  // Level 0: farthest-point sampling over the whole mesh; owner = Voronoi label.
  const owner = new Int32Array(n).fill(-1);
  distance.fill(Infinity);
  const all = new Int32Array(n).fill(1);
  const spread = (site: number, node: number, label: Int32Array | null, allowed: Int32Array, stamp: number): void => {
    distance[site] = 0;
    if (label) label[site] = node;
    relax(graph, heap, distance, label, node, site, allowed, stamp);
  };
  {
    // Start at the vertex farthest from vertex 0 (an extremity), as Dijkstra from 0 finds.
    const probe = new Float64Array(n).fill(Infinity);
    probe[0] = 0;
    relax(graph, heap, probe, null, 0, 0, all, 1);
    let first = 0;
    for (let v = 0; v < n; v++) if (probe[v] !== Infinity && probe[v] > probe[first]) first = v;
    spread(first, addNode(first, 0, -1), owner, all, 1);
  }
  const rootsOfComponent = new Int32Array(componentCount);
  const sizeOfComponent = new Int32Array(componentCount);
  for (let v = 0; v < n; v++) sizeOfComponent[componentOf[v]]++;
  rootsOfComponent[componentOf[nodeVertex[0]]] = 1;
  const target = Math.min(n, Math.max(1, options.globalCount));
  for (;;) {
    let best = -1;
    let bestDistance = -1;
    const deficient = nodeVertex.length >= target;
    for (let v = 0; v < n; v++) {
      if (nodeOfVertex[v] >= 0) continue;
      const c = componentOf[v];
      if (deficient && rootsOfComponent[c] >= Math.min(4, sizeOfComponent[c])) continue;
      if (distance[v] > bestDistance) {
        best = v;
        bestDistance = distance[v];
      }
    }
    if (best < 0) break;
    rootsOfComponent[componentOf[best]]++;
    spread(best, addNode(best, 0, -1), owner, all, 1);
  }
  if (options.positions) {
    for (const vertex of spanningRoots(options.positions, componentOf, componentCount, nodeVertex)) spread(vertex, addNode(vertex, 0, -1), owner, all, 1);
  }
  const rootCount = nodeVertex.length;
  const cells: Int32Array[] = [owner];

  // Deeper levels, one cell at a time.
  const inCell = new Int32Array(n);
  let stamp = 1;
  const cellMembers: number[][] = [];
  for (let level = 0; level < maxLevel; level++) {
    const current = cells[level];
    const next = new Int32Array(n).fill(-1);
    // Members of each level-`level` cell.
    cellMembers.length = 0;
    const firstNode = nodeLevel.indexOf(level);
    const lastNode = nodeVertex.length;
    for (let node = firstNode; node < lastNode; node++) cellMembers.push([]);
    for (let v = 0; v < n; v++) if (current[v] >= 0) cellMembers[current[v] - firstNode].push(v);
    let any = false;
    for (let node = firstNode; node < lastNode; node++) {
      const members = cellMembers[node - firstNode];
      if (members.length < minCellSize) continue;
      stamp++;
      for (const v of members) {
        inCell[v] = stamp;
        distance[v] = Infinity;
      }
      // Sources: the cell's boundary (distance to the nearest outside vertex) and manipulators already inside.
      heap.clear();
      for (const v of members) {
        if (nodeOfVertex[v] >= 0) {
          distance[v] = 0;
          heap.push(0, v);
          continue;
        }
        for (let e = graph.offsets[v]; e < graph.offsets[v + 1]; e++) {
          const u = graph.neighbors[e];
          if (inCell[u] !== stamp && graph.lengths[e] < distance[v]) distance[v] = graph.lengths[e];
        }
        if (distance[v] < Infinity) heap.push(distance[v], v);
      }
      dijkstraDistances(graph, heap, distance, null, 0, inCell, stamp);
      const children: number[] = [];
      for (let k = 0; k < childCount; k++) {
        let best = -1;
        let bestDistance = 0;
        for (const v of members) {
          if (nodeOfVertex[v] < 0 && distance[v] > bestDistance) {
            best = v;
            bestDistance = distance[v];
          }
        }
        if (best < 0) break;
        const child = addNode(best, level + 1, node);
        children.push(child);
        spread(best, child, null, inCell, stamp);
      }
      if (children.length === 0) continue;
      any = true;
      // The children's Voronoi cells inside this cell.
      for (const v of members) distance[v] = Infinity;
      heap.clear();
      for (const child of children) {
        distance[nodeVertex[child]] = 0;
        next[nodeVertex[child]] = child;
        heap.push(0, nodeVertex[child]);
      }
      dijkstraDistances(graph, heap, distance, next, -1, inCell, stamp);
    }
    if (!any) break;
    cells.push(next);
  }

  const nodeCount = nodeVertex.length;
  const childOffsets = new Int32Array(nodeCount + 1);
  for (let node = 0; node < nodeCount; node++) if (nodeParent[node] >= 0) childOffsets[nodeParent[node] + 1]++;
  for (let node = 0; node < nodeCount; node++) childOffsets[node + 1] += childOffsets[node];
  const cursor = childOffsets.slice(0, nodeCount);
  const children = new Int32Array(Math.max(0, nodeCount - rootCount));
  for (let node = 0; node < nodeCount; node++) if (nodeParent[node] >= 0) children[cursor[nodeParent[node]]++] = node;
  return {
    nodeCount,
    nodeVertex: Int32Array.from(nodeVertex),
    nodeLevel: Int32Array.from(nodeLevel),
    nodeParent: Int32Array.from(nodeParent),
    childOffsets,
    children,
    levelCount: cells.length,
    cells,
    nodeOfVertex,
    rootCount,
  };
}

/** Dijkstra from one new source: lowers distance (and label) wherever it is closer; allowed[v] === stamp restricts it. */
function relax(
  graph: SemiGeodesicGraph,
  heap: DistanceHeap,
  distance: Float64Array,
  label: Int32Array | null,
  node: number,
  source: number,
  allowed: Int32Array,
  stamp: number,
): void {
  heap.clear();
  heap.push(0, source);
  dijkstraDistances(graph, heap, distance, label, node, allowed, stamp);
}

/**
 * The roots to add so that every component's roots span its affine hull: while a component's roots span a point, a
 * line or a plane and one of its vertices lies off that span by more than 1e-3 of the component's extent, the
 * farthest such vertex becomes a root (at most 3 per component).
 *
 * @param positions      #V×3 rest positions
 * @param componentOf    #V component of each vertex
 * @param componentCount number of components
 * @param roots          the root vertices chosen so far
 * @returns the vertices to add as roots
 */
function spanningRoots(positions: ArrayLike<number>, componentOf: Int32Array, componentCount: number, roots: readonly number[]): number[] {
  const n = componentOf.length;
  const offsets = new Int32Array(componentCount + 1);
  for (let v = 0; v < n; v++) offsets[componentOf[v] + 1]++;
  for (let c = 0; c < componentCount; c++) offsets[c + 1] += offsets[c];
  const members = new Int32Array(n);
  const cursor = offsets.slice(0, componentCount);
  for (let v = 0; v < n; v++) members[cursor[componentOf[v]]++] = v;
  const rootsOf: number[][] = Array.from({ length: componentCount }, () => []);
  for (const v of roots) rootsOf[componentOf[v]].push(v);
  const added: number[] = [];
  const axes: number[][] = [];
  const offset = [0, 0, 0];
  for (let c = 0; c < componentCount; c++) {
    const chosen = rootsOf[c];
    if (chosen.length === 0 || offsets[c + 1] - offsets[c] < 2) continue;
    let extent = 0;
    const o = 3 * chosen[0];
    for (let k = offsets[c]; k < offsets[c + 1]; k++) {
      const v = 3 * members[k];
      extent = Math.max(extent, Math.hypot(positions[v] - positions[o], positions[v + 1] - positions[o + 1], positions[v + 2] - positions[o + 2]));
    }
    if (!(extent > 0)) continue;
    for (let round = 0; round < 3; round++) {
      // An orthonormal basis of the roots' span (Gram–Schmidt of their offsets from the first root).
      axes.length = 0;
      for (const r of chosen) {
        for (let i = 0; i < 3; i++) offset[i] = positions[3 * r + i] - positions[o + i];
        for (const axis of axes) {
          const d = offset[0] * axis[0] + offset[1] * axis[1] + offset[2] * axis[2];
          for (let i = 0; i < 3; i++) offset[i] -= d * axis[i];
        }
        const length = Math.hypot(offset[0], offset[1], offset[2]);
        if (length > 1e-3 * extent) axes.push([offset[0] / length, offset[1] / length, offset[2] / length]);
        if (axes.length === 3) break;
      }
      if (axes.length === 3) break;
      let best = -1;
      let bestDistance = 1e-3 * extent;
      for (let k = offsets[c]; k < offsets[c + 1]; k++) {
        const v = members[k];
        for (let i = 0; i < 3; i++) offset[i] = positions[3 * v + i] - positions[o + i];
        for (const axis of axes) {
          const d = offset[0] * axis[0] + offset[1] * axis[1] + offset[2] * axis[2];
          for (let i = 0; i < 3; i++) offset[i] -= d * axis[i];
        }
        const distance = Math.hypot(offset[0], offset[1], offset[2]);
        if (distance > bestDistance) {
          best = v;
          bestDistance = distance;
        }
      }
      if (best < 0) break;
      chosen.push(best);
      added.push(best);
    }
  }
  return added;
}
