import { boxBvh, type BoxBvhTree } from '../../geometry/index.ts';
import type { CheckerMeshData } from './types.ts';
import { zeroArea } from './zeroArea.ts';

/** A refit tree whose cost (Σ node areas / root area) exceeds this multiple of a fresh build's is rebuilt. */
const REBUILD_COST_RATIO = 2;

/**
 * Fits one mesh's broad phase to this check's positions: the triangle boxes, the tree (app/geometry boxBvh, built at
 * the first check, refit later, rebuilt when refitting has degraded it), the slot layout after a (re)build, and the
 * per-check slot arrays: triangle boxes, degenerate triangles, zero-length edges, edge boxes, and with `incremental`
 * the moved flags of slots, edges and nodes.
 */
export function fitMesh(d: CheckerMeshData, P: ArrayLike<number>, incremental: boolean, checkCount: number): void {
  const slots = d.itemTriangles.length;
  fitItemBoxes(P, d.triangles, d.itemTriangles, d.itemBoxes);
  if (d.tree === null) {
    // rebuildEvery 1: every build() rebuilds; refits go through refitBoxes, rebuilds are decided here by the cost.
    d.tree = boxBvh(1);
    d.tree.build(d.itemBoxes, slots);
    d.builtCost = treeCost(d.tree.tree);
  } else {
    d.tree.refitBoxes(d.itemBoxes);
    if (treeCost(d.tree.tree) / d.builtCost > REBUILD_COST_RATIO) {
      d.tree.build(d.itemBoxes, slots);
      d.builtCost = treeCost(d.tree.tree);
    }
  }
  d.fittedAt = checkCount;
  const tree = d.tree.tree;
  if (d.layoutBuild !== tree.version) layOut(d, tree);
  fitSlotBoxes(d.itemBoxes, tree.items, slots, d.slotBoxes);
  markDegenerate(P, d.slotVertices, slots, d.slotDegenerate);
  fitEdges(P, d.slotEdgeEnds, d.slotEdgeBoxes, d.slotShortEdge);
  if (!incremental) return;
  markMovedSlots(d.movedVertex, d.slotVertices, slots, d.slotEdgeEnds, d.slotMoved, d.slotEdgeMoved);
  markMovedNodes(tree.nodeCount, tree.firstChild, tree.itemStart, tree.itemCount, d.slotMoved, d.movedNode);
}

// The loops of fitMesh, one per function: each gets its own complete type feedback, so none deoptimizes the others.

function markDegenerate(P: ArrayLike<number>, vertices: Uint32Array, slots: number, out: Uint8Array): void {
  for (let s = 0; s < slots; s++) out[s] = zeroArea(P, vertices[3 * s], vertices[3 * s + 1], vertices[3 * s + 2]) ? 1 : 0;
}

function fitEdges(P: ArrayLike<number>, ends: Uint32Array, boxes: Float64Array, short: Uint8Array): void {
  const edgeCount = ends.length / 2;
  for (let k = 0; k < edgeCount; k++) {
    const p = 3 * ends[2 * k],
      q = 3 * ends[2 * k + 1];
    const px = P[p],
      py = P[p + 1],
      pz = P[p + 2],
      qx = P[q],
      qy = P[q + 1],
      qz = P[q + 2];
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
function markMovedNodes(
  nodeCount: number,
  firstChild: Int32Array,
  itemStart: Uint32Array,
  itemCount: Uint32Array,
  slotMoved: Uint8Array,
  movedNode: Uint8Array,
): void {
  for (let node = nodeCount - 1; node >= 0; node--) {
    const child = firstChild[node];
    let flag = 0;
    if (child >= 0) flag = movedNode[child] | movedNode[child + 1];
    else for (let s = itemStart[node], end = s + itemCount[node]; s < end && flag === 0; s++) flag = slotMoved[s];
    movedNode[node] = flag;
  }
}

/** The slot layout of a freshly (re)built tree: each slot's triangle and vertices, the edges each slot's triangle owns, their ids and ends, in slot order. */
function layOut(d: CheckerMeshData, tree: BoxBvhTree): void {
  d.layoutBuild = tree.version;
  const slots = d.itemTriangles.length;
  const items = tree.items;
  const slotOf = new Int32Array(d.repeated.length).fill(-1);
  for (let s = 0; s < slots; s++) {
    const t = d.itemTriangles[items[s]];
    slotOf[t] = s;
    d.slotTriangles[s] = t;
    d.slotVertices[3 * s] = d.triangles[3 * t];
    d.slotVertices[3 * s + 1] = d.triangles[3 * t + 1];
    d.slotVertices[3 * s + 2] = d.triangles[3 * t + 2];
  }
  // Owner of each edge: its first triangle (three distinct vertices, so it is in the tree and its box holds the edge).
  const edgeCount = d.edges.length / 2;
  const offsets = d.slotEdgeOffsets;
  offsets.fill(0);
  for (let e = 0; e < edgeCount; e++) offsets[slotOf[d.edgeTriangles[d.edgeTriangleOffsets[e]]] + 1]++;
  for (let s = 0; s < slots; s++) offsets[s + 1] += offsets[s];
  const next = offsets.slice(0, slots);
  for (let e = 0; e < edgeCount; e++) {
    const k = next[slotOf[d.edgeTriangles[d.edgeTriangleOffsets[e]]]]++;
    d.slotEdges[k] = e;
    d.slotEdgeEnds[2 * k] = d.edges[2 * e];
    d.slotEdgeEnds[2 * k + 1] = d.edges[2 * e + 1];
  }
}

/** Box of each item's triangle (the tree's input, by item). */
function fitItemBoxes(P: ArrayLike<number>, triangles: Uint32Array, itemTriangles: Uint32Array, boxes: Float64Array): void {
  for (let k = 0; k < itemTriangles.length; k++) {
    const t = itemTriangles[k];
    const a = 3 * triangles[3 * t],
      b = 3 * triangles[3 * t + 1],
      c = 3 * triangles[3 * t + 2];
    const ax = P[a],
      ay = P[a + 1],
      az = P[a + 2],
      bx = P[b],
      by = P[b + 1],
      bz = P[b + 2],
      cx = P[c],
      cy = P[c + 1],
      cz = P[c + 2];
    const o = 6 * k;
    boxes[o] = ax < bx ? (ax < cx ? ax : cx) : bx < cx ? bx : cx;
    boxes[o + 1] = ay < by ? (ay < cy ? ay : cy) : by < cy ? by : cy;
    boxes[o + 2] = az < bz ? (az < cz ? az : cz) : bz < cz ? bz : cz;
    boxes[o + 3] = ax > bx ? (ax > cx ? ax : cx) : bx > cx ? bx : cx;
    boxes[o + 4] = ay > by ? (ay > cy ? ay : cy) : by > cy ? by : cy;
    boxes[o + 5] = az > bz ? (az > cz ? az : cz) : bz > cz ? bz : cz;
  }
}

/** The item boxes copied into slot order (a leaf's triangle boxes adjacent in memory for the narrow phase). */
function fitSlotBoxes(itemBoxes: Float64Array, items: Uint32Array, slots: number, slotBoxes: Float64Array): void {
  for (let s = 0; s < slots; s++) {
    const i = 6 * items[s],
      o = 6 * s;
    slotBoxes[o] = itemBoxes[i];
    slotBoxes[o + 1] = itemBoxes[i + 1];
    slotBoxes[o + 2] = itemBoxes[i + 2];
    slotBoxes[o + 3] = itemBoxes[i + 3];
    slotBoxes[o + 4] = itemBoxes[i + 4];
    slotBoxes[o + 5] = itemBoxes[i + 5];
  }
}

/** Σ node box areas over the root's area (1 for an empty tree or a flat root): how loosely the tree fits. */
function treeCost(tree: BoxBvhTree): number {
  if (tree.nodeCount === 0) return 1;
  const boxes = tree.nodeBoxes;
  let sum = 0;
  for (let o = 0; o < 6 * tree.nodeCount; o += 6) {
    const dx = boxes[o + 3] - boxes[o],
      dy = boxes[o + 4] - boxes[o + 1],
      dz = boxes[o + 5] - boxes[o + 2];
    sum += dx * dy + dy * dz + dz * dx;
  }
  const dx = boxes[3] - boxes[0],
    dy = boxes[4] - boxes[1],
    dz = boxes[5] - boxes[2];
  const root = dx * dy + dy * dz + dz * dx;
  return root > 0 ? sum / root : 1;
}
