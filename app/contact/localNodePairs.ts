import type { BoxBvhTree, LocalNodes } from '../geometry/index.ts';
import { grownArray } from '../math/index.ts';

/** A corner slot that names no surface point (an obstacle's feature, or an unused slot): never local. */
export const NO_CORNER = 0xffffffff;

// LocalNodes (the node pairs this file makes) is declared beside the tree that reads them (app/geometry/boxBvh).
export type { LocalNodes };

/** What localNodePairs reads of one tree: its built arrays, and each box's surface points (`stride` a box, NO_CORNER pads). */
export interface NodeCorners {
  tree: BoxBvhTree;
  corners: Uint32Array;
  stride: number;
}

/**
 * Local node pairs for ogcContact's `localRings` (see "Local pairs" there): two features are local when some corner of
 * one lies within k rings of some corner of the other, and such pairs are dropped. On the bench's level-3 character
 * 73% of the point–triangle pairs the box-tree walks emitted were local and dropped right after, so the walks skip
 * whole node pairs that hold only local pairs and emit the other pairs in the same order as before (8 frames: 4.55M
 * → 1.96M point–triangle and 11.9M → 4.3M edge–edge pairs emitted).
 *
 * For a leaf A of the first tree (at most 32 items), each point w reached by A gets the mask of A's items within k
 * rings of it (the union of the k-rings of an item's corners); an item b of the second tree is local to every item of
 * A exactly when the masks of b's corners together cover A. Listed under A are the second tree's leaves whose items
 * all cover A (found through the items with a corner A reached), and every inner node of the second tree both of
 * whose children are listed; listed under an inner node of the first tree are the nodes listed under both of its
 * children. Exact both ways: a listed pair holds no pair that the per-pair test keeps, and every node pair that holds
 * only local pairs is listed. Made again when either tree is rebuilt (refits keep each node's items).
 *
 * @param pointCount   surface points (corners are < pointCount)
 * @param ringOffsets  CSR offsets of each point's k-ring (itself included)
 * @param ringPoints   CSR points of the k-rings
 * @returns update(first, second, out): make out for the two trees as built now
 */
export function localNodePairs(
  pointCount: number,
  ringOffsets: Uint32Array,
  ringPoints: Uint32Array,
): { update(first: NodeCorners, second: NodeCorners, out: LocalNodes): LocalNodes } {
  // Stamps (a fresh number per leaf or node, so nothing is cleared between them): mark (the point was reached by the
  // leaf at hand; then `masks` holds its mask), listed (second-tree nodes listed under the node at hand), checked
  // (second-tree leaves already tested for the leaf at hand).
  const mark = new Int32Array(pointCount).fill(-1);
  const masks = new Uint32Array(pointCount);
  let reachedPoints = new Uint32Array(256);
  let listed = new Int32Array(0);
  let checked = new Int32Array(0);
  let parent = new Int32Array(0);
  let leafOf = new Uint32Array(0);
  const itemOffsets = new Uint32Array(pointCount + 1);
  let itemsAt = new Uint32Array(0);
  // Each first-tree node's list while they are made (children before parents), then copied in node order.
  let listStart = new Uint32Array(0);
  let listCount = new Uint32Array(0);
  let store = new Uint32Array(1024);
  let stamp = 0;

  /** A fresh stamp; the stamp arrays start over before an Int32 would wrap (after ~2³¹ nodes). */
  function nextStamp(): number {
    if (stamp >= 0x7ffffff0) {
      mark.fill(-1);
      listed.fill(-1);
      checked.fill(-1);
      stamp = 0;
    }
    return ++stamp;
  }

  function update(first: NodeCorners, second: NodeCorners, out: LocalNodes): LocalNodes {
    const a = first.tree,
      b = second.tree;
    const aStride = first.stride,
      bStride = second.stride;
    const aCorners = first.corners,
      bCorners = second.corners;
    const A = a.nodeCount,
      B = b.nodeCount;
    // The second tree: each node's parent, each item's leaf, and each point's items (CSR over the items' corners).
    const bItems = B > 0 ? b.itemCount[0] : 0;
    if (leafOf.length < bItems) leafOf = new Uint32Array(bItems);
    if (parent.length < B) {
      parent = new Int32Array(B);
      listed = new Int32Array(B).fill(-1);
      checked = new Int32Array(B).fill(-1);
    }
    if (B > 0) parent[0] = -1;
    for (let node = 0; node < B; node++) {
      const child = b.firstChild[node];
      if (child >= 0) {
        parent[child] = parent[child + 1] = node;
        continue;
      }
      for (let k = b.itemStart[node], end = k + b.itemCount[node]; k < end; k++) leafOf[b.items[k]] = node;
    }
    itemOffsets.fill(0);
    for (let i = 0; i < bItems; i++) {
      for (let c = 0; c < bStride; c++) {
        const u = bCorners[bStride * i + c];
        if (u !== NO_CORNER) itemOffsets[u + 1]++;
      }
    }
    for (let u = 0; u < pointCount; u++) itemOffsets[u + 1] += itemOffsets[u];
    if (itemsAt.length < itemOffsets[pointCount]) itemsAt = new Uint32Array(itemOffsets[pointCount]);
    for (let i = 0; i < bItems; i++) {
      for (let c = 0; c < bStride; c++) {
        const u = bCorners[bStride * i + c];
        if (u !== NO_CORNER) itemsAt[itemOffsets[u]++] = i;
      }
    }
    for (let u = pointCount; u > 0; u--) itemOffsets[u] = itemOffsets[u - 1];
    itemOffsets[0] = 0;

    if (listStart.length < A) {
      listStart = new Uint32Array(A);
      listCount = new Uint32Array(A);
    }
    let used = 0;
    for (let node = A - 1; node >= 0; node--) {
      const own = nextStamp();
      listStart[node] = used;
      listCount[node] = 0;
      const child = a.firstChild[node];
      if (child >= 0) {
        // The nodes listed under both children.
        if (listCount[child] === 0 || listCount[child + 1] === 0) continue;
        for (let m = listStart[child], end = m + listCount[child]; m < end; m++) listed[store[m]] = own;
        for (let m = listStart[child + 1], end = m + listCount[child + 1]; m < end; m++) {
          if (listed[store[m]] !== own) continue;
          if (used === store.length) store = grownArray(store, 2 * used);
          store[used++] = store[m];
        }
        listCount[node] = used - listStart[node];
        continue;
      }
      const n = a.itemCount[node];
      if (n > 32) continue;
      const full = n === 32 ? 0xffffffff : (1 << n) - 1;
      // Each reached point's mask of the leaf's items.
      let reached = 0;
      let cornerless = false;
      for (let k = a.itemStart[node], end = k + n; k < end && !cornerless; k++) {
        const item = a.items[k];
        const bit = 1 << (k - a.itemStart[node]);
        cornerless = true;
        for (let c = 0; c < aStride; c++) {
          const u = aCorners[aStride * item + c];
          if (u === NO_CORNER) continue;
          cornerless = false;
          for (let m = ringOffsets[u]; m < ringOffsets[u + 1]; m++) {
            const w = ringPoints[m];
            if (mark[w] !== own) {
              mark[w] = own;
              masks[w] = 0;
              if (reached === reachedPoints.length) reachedPoints = grownArray(reachedPoints, 2 * reached);
              reachedPoints[reached++] = w;
            }
            masks[w] |= bit;
          }
        }
      }
      if (cornerless) continue;
      // Second-tree leaves whose every item covers the leaf, then each ancestor whose other child is listed too.
      for (let m = 0; m < reached; m++) {
        const w = reachedPoints[m];
        for (let q = itemOffsets[w]; q < itemOffsets[w + 1]; q++) {
          const leaf = leafOf[itemsAt[q]];
          if (checked[leaf] === own) continue;
          checked[leaf] = own;
          let all = true;
          for (let k = b.itemStart[leaf], kEnd = k + b.itemCount[leaf]; k < kEnd && all; k++) {
            const item = b.items[k];
            let cover = 0;
            for (let c = 0; c < bStride; c++) {
              const u = bCorners[bStride * item + c];
              if (u !== NO_CORNER && mark[u] === own) cover |= masks[u];
            }
            all = (cover | 0) === (full | 0);
          }
          if (!all) continue;
          let at = leaf;
          while (at >= 0) {
            listed[at] = own;
            if (used === store.length) store = grownArray(store, 2 * used);
            store[used++] = at;
            const up = parent[at];
            if (up < 0) break;
            const sibling = b.firstChild[up] === at ? at + 1 : at - 1;
            if (listed[sibling] !== own) break;
            at = up;
          }
        }
      }
      listCount[node] = used - listStart[node];
    }

    // In node order.
    if (out.offsets.length < A + 1) out.offsets = new Uint32Array(A + 1);
    const offsets = out.offsets;
    if (out.nodes.length < used) out.nodes = new Uint32Array(Math.max(used, 2 * out.nodes.length));
    const nodes = out.nodes;
    let at = 0;
    for (let node = 0; node < A; node++) {
      offsets[node] = at;
      nodes.set(store.subarray(listStart[node], listStart[node] + listCount[node]), at);
      at += listCount[node];
    }
    offsets[A] = at;
    return out;
  }
  return { update };
}
