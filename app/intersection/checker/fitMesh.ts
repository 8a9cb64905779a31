import { triangleBoxTree, type TriangleBoxTree } from '../../geometry/index.ts';
import type { CheckerMeshData } from './types.ts';
import { zeroArea } from './zeroArea.ts';

/** A refit tree whose cost (Σ node areas / root area) exceeds this multiple of a fresh build's is rebuilt. */
const REBUILD_COST_RATIO = 2;

/**
 * Fits one mesh's broad phase to this check's positions: the tree (built at the first check, refit later, rebuilt
 * when refitting has degraded it), the slot layout after a (re)build, and the per-check slot arrays: degenerate
 * triangles, zero-length edges, edge boxes, and with `incremental` the moved flags of slots, edges and nodes.
 */
export function fitMesh(d: CheckerMeshData, P: ArrayLike<number>, incremental: boolean, checkCount: number): void {
  if (d.tree === null) d.tree = triangleBoxTree(P, d.triangles, d.repeated);
  else if (d.tree.refit(P) > REBUILD_COST_RATIO) d.tree.rebuild(P);
  d.fittedAt = checkCount;
  const tree = d.tree;
  if (d.layoutBuild !== tree.builds) layOut(d, tree);
  const slots = tree.items.length;
  markDegenerate(P, tree.itemVertices, slots, d.slotDegenerate);
  fitEdges(P, d.slotEdgeEnds, d.slotEdgeBoxes, d.slotShortEdge);
  if (!incremental) return;
  markMovedSlots(d.movedVertex, tree.itemVertices, slots, d.slotEdgeEnds, d.slotMoved, d.slotEdgeMoved);
  markMovedNodes(tree.nodeCount, tree.firstChild, tree.itemStart, tree.itemCount, d.slotMoved, d.movedNode);
}

// The loops of fitMesh, one per function: each gets its own complete type feedback, so none deoptimizes the others.

function markDegenerate(P: ArrayLike<number>, vertices: Uint32Array, slots: number, out: Uint8Array): void {
  for (let s = 0; s < slots; s++) out[s] = zeroArea(P, vertices[3 * s], vertices[3 * s + 1], vertices[3 * s + 2]) ? 1 : 0;
}

function fitEdges(P: ArrayLike<number>, ends: Uint32Array, boxes: Float64Array, short: Uint8Array): void {
  const edgeCount = ends.length / 2;
  for (let k = 0; k < edgeCount; k++) {
    const p = 3 * ends[2 * k], q = 3 * ends[2 * k + 1];
    const px = P[p], py = P[p + 1], pz = P[p + 2], qx = P[q], qy = P[q + 1], qz = P[q + 2];
    short[k] = px === qx && py === qy && pz === qz ? 1 : 0;
    const o = 6 * k;
    boxes[o] = px < qx ? px : qx;
    boxes[o + 1] = py < qy ? py : qy;
    boxes[o + 2] = pz < qz ? pz : qz;
    boxes[o + 3] = px > qx ? px : qx;
    boxes[o + 4] = py > qy ? py : qy;
    boxes[o + 5] = pz > qz ? pz : qz;
  }
}

function markMovedSlots(moved: Uint8Array, vertices: Uint32Array, slots: number, ends: Uint32Array, slotMoved: Uint8Array, edgeMoved: Uint8Array): void {
  for (let s = 0; s < slots; s++) slotMoved[s] = moved[vertices[3 * s]] | moved[vertices[3 * s + 1]] | moved[vertices[3 * s + 2]];
  for (let k = 0; k < edgeMoved.length; k++) edgeMoved[k] = moved[ends[2 * k]] | moved[ends[2 * k + 1]];
}

/** Whether each node holds a moved slot; children are numbered after their parents, so a reverse sweep is bottom-up. */
function markMovedNodes(nodeCount: number, firstChild: Int32Array, itemStart: Uint32Array, itemCount: Uint32Array, slotMoved: Uint8Array, movedNode: Uint8Array): void {
  for (let node = nodeCount - 1; node >= 0; node--) {
    const child = firstChild[node];
    let flag = 0;
    if (child >= 0) flag = movedNode[child] | movedNode[child + 1];
    else for (let s = itemStart[node], end = s + itemCount[node]; s < end && flag === 0; s++) flag = slotMoved[s];
    movedNode[node] = flag;
  }
}

/** The slot layout of a freshly (re)built tree: the edges each slot's triangle owns, their ids and ends, in slot order. */
function layOut(d: CheckerMeshData, tree: TriangleBoxTree): void {
  d.layoutBuild = tree.builds;
  const items = tree.items;
  const slotOf = new Int32Array(d.repeated.length).fill(-1);
  for (let s = 0; s < items.length; s++) slotOf[items[s]] = s;
  // Owner of each edge: its first triangle (three distinct vertices, so it is in the tree and its box holds the edge).
  const edgeCount = d.edges.length / 2;
  const offsets = d.slotEdgeOffsets;
  offsets.fill(0);
  for (let e = 0; e < edgeCount; e++) offsets[slotOf[d.edgeTriangles[d.edgeTriangleOffsets[e]]] + 1]++;
  for (let s = 0; s < items.length; s++) offsets[s + 1] += offsets[s];
  const next = offsets.slice(0, items.length);
  for (let e = 0; e < edgeCount; e++) {
    const k = next[slotOf[d.edgeTriangles[d.edgeTriangleOffsets[e]]]]++;
    d.slotEdges[k] = e;
    d.slotEdgeEnds[2 * k] = d.edges[2 * e];
    d.slotEdgeEnds[2 * k + 1] = d.edges[2 * e + 1];
  }
}
