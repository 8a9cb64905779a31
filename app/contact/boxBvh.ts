import type { BoxBroadPhase } from '../geometry/index.ts';
import { grownArray } from '../math/index.ts';
import type { LocalNodes } from './localNodePairs.ts';

/** A refitted BVH that also answers every overlapping pair of two trees (or of one tree with itself) in one traversal. */
export interface BoxBvh extends BoxBroadPhase {
  /**
   * Every pair (i, j) of a box i of this tree and a box j of `other` whose boxes overlap (closed test), written as
   * pairs[2k] = i, pairs[2k + 1] = j for k < the returned count. With other = this (self), each unordered pair of
   * distinct boxes once, i < j. Both trees must be built; pairs come in traversal order. `local`: node pairs to skip
   * (localNodePairs, made for these two trees as built now), the other pairs in the same order as without it.
   */
  overlapPairs(other: BoxBvh, local?: LocalNodes, marked?: MarkedNodes): number;
  /**
   * Node boxes again from `boxes` (the same items, some boxes changed) without counting a build: the tree's shape, its
   * version and its rebuild count stay as they are. `changed` (markNodes of the items whose boxes changed since the
   * last build or refit): only those nodes are recomputed.
   */
  refitBoxes(boxes: Float64Array, changed?: Uint8Array): void;
  /**
   * 1 for each node holding an item i with flags[list[i]] = 1 (list null: flags[i]), else 0, into out (grown to the
   * node count when shorter; the array is returned).
   */
  markNodes(flags: Uint8Array, list: Uint32Array | null, out: Uint8Array): Uint8Array;
  /** the answers of the last overlapPairs (the buffer may be replaced as it grows) */
  readonly pairs: Uint32Array;
  /** @internal tree arrays read by another tree's overlapPairs */
  readonly tree: BoxBvhTree;
}

/** Marked nodes of two trees (markNodes): a walk given them skips every node pair with neither node marked. */
export interface MarkedNodes {
  first: Uint8Array;
  second: Uint8Array;
}

/** The arrays of a built tree (nodes in preorder, a node's items at items[itemStart .. itemStart + itemCount): the root holds them all). */
export interface BoxBvhTree {
  boxes: Float64Array;
  items: Uint32Array;
  nodeBoxes: Float64Array;
  firstChild: Int32Array;
  itemStart: Uint32Array;
  itemCount: Uint32Array;
  nodeCount: number;
  /** counts the rebuilds: the leaves' items change only then */
  version: number;
}

const LEAF_SIZE = 4;

/**
 * A bounding-volume hierarchy over axis-aligned boxes that is refitted, not rebuilt, while the number of boxes stays
 * the same (the refitted-BVH broad phase of Gaia, Warp and Newton, anchors.md §1.1–1.4): the first build splits at
 * the median centroid along the widest axis (4 boxes a leaf, nodes in preorder), every later build recomputes the node
 * boxes bottom-up in one reverse pass over the nodes, and the tree is rebuilt from scratch every `rebuildEvery`
 * builds so that a surface that deforms a lot does not keep a loose tree. Queries walk the tree with an explicit
 * stack and write their answers into `candidates`; nothing is allocated once the buffers have grown.
 *
 * overlapPairs answers all the queries of one detection at once by walking two trees together (node pair by node
 * pair, descending the larger node; a tree against itself visits each unordered node pair once): the upper levels
 * are tested once instead of once per query, and a self pair comes out once instead of twice. Measured on the wavy
 * sheets of `npm run bench -- contact` ("broadPhase", 10k and 20k triangles): 0.57–0.7× the time of a query per point
 * and per edge, build included (a 2-core machine under load; pairTraversalOverQueries in the bench).
 *
 * Kept as the measured alternative to boxSpatialHash (`npm run bench -- contact`, "broadPhase").
 *
 * @param rebuildEvery  builds between full rebuilds (default 16)
 * @returns the BVH
 */
export function boxBvh(rebuildEvery = 16): BoxBvh {
  let boxes: Float64Array = new Float64Array(0);
  let items = new Uint32Array(0);
  let centroids = new Float64Array(0);
  let nodeBoxes = new Float64Array(0);
  let firstChild = new Int32Array(0); // −1: leaf
  let itemStart = new Uint32Array(0);
  let itemCount = new Uint32Array(0);
  let nodeCount = 0;
  let builtFor = -1;
  let sinceRebuild = 0;
  let stack = new Int32Array(64);
  let candidates = new Uint32Array(64);
  // Build work list: (node, start, count) triples.
  let work = new Uint32Array(192);
  let pairs = new Uint32Array(1024);
  let pairStack = new Int32Array(128);
  const tree: BoxBvhTree = { boxes, items, nodeBoxes, firstChild, itemStart, itemCount, nodeCount, version: 0 };

  function rebuild(count: number): void {
    if (items.length < count) {
      items = new Uint32Array(count);
      centroids = new Float64Array(3 * count);
    }
    for (let i = 0; i < count; i++) {
      items[i] = i;
      const o = 6 * i;
      centroids[3 * i] = 0.5 * (boxes[o] + boxes[o + 3]);
      centroids[3 * i + 1] = 0.5 * (boxes[o + 1] + boxes[o + 4]);
      centroids[3 * i + 2] = 0.5 * (boxes[o + 2] + boxes[o + 5]);
    }
    // A median split of n > 4 leaves at least 2 a side: at most n/2 leaves, n nodes.
    const maxNodes = count + 2;
    if (firstChild.length < maxNodes) {
      nodeBoxes = new Float64Array(6 * maxNodes);
      firstChild = new Int32Array(maxNodes);
      itemStart = new Uint32Array(maxNodes);
      itemCount = new Uint32Array(maxNodes);
    }
    nodeCount = 1;
    let top = 0;
    work[top++] = 0;
    work[top++] = 0;
    work[top++] = count;
    while (top > 0) {
      const n = work[--top];
      const start = work[--top];
      const node = work[--top];
      itemStart[node] = start;
      itemCount[node] = n;
      if (n <= LEAF_SIZE) {
        firstChild[node] = -1;
        continue;
      }
      // Widest axis of the centroids, then a median split (quickselect on that axis).
      let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
      for (let k = start; k < start + n; k++) {
        const c = 3 * items[k];
        x0 = Math.min(x0, centroids[c]);
        y0 = Math.min(y0, centroids[c + 1]);
        z0 = Math.min(z0, centroids[c + 2]);
        x1 = Math.max(x1, centroids[c]);
        y1 = Math.max(y1, centroids[c + 1]);
        z1 = Math.max(z1, centroids[c + 2]);
      }
      const axis = x1 - x0 >= y1 - y0 && x1 - x0 >= z1 - z0 ? 0 : y1 - y0 >= z1 - z0 ? 1 : 2;
      const half = n >>> 1;
      select(start, start + n - 1, start + half, axis);
      const left = nodeCount;
      nodeCount += 2;
      firstChild[node] = left;
      if (top + 6 > work.length) work = grownArray(work, 2 * work.length);
      // Right pushed first so the left subtree gets the next preorder indices.
      work[top++] = left + 1;
      work[top++] = start + half;
      work[top++] = n - half;
      work[top++] = left;
      work[top++] = start;
      work[top++] = half;
    }
  }

  /** Quickselect: items[k] becomes the element of rank k along `axis` within items[lo..hi]. */
  function select(lo: number, hi: number, k: number, axis: number): void {
    while (hi > lo) {
      const pivot = centroids[3 * items[(lo + hi) >>> 1] + axis];
      let i = lo, j = hi;
      while (i <= j) {
        while (centroids[3 * items[i] + axis] < pivot) i++;
        while (centroids[3 * items[j] + axis] > pivot) j--;
        if (i <= j) {
          const t = items[i];
          items[i] = items[j];
          items[j] = t;
          i++;
          j--;
        }
      }
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else return;
    }
  }

  /** Node boxes bottom-up (children have larger preorder indices than their parent); with `changed`, only its nodes. */
  function refit(changed?: Uint8Array): void {
    for (let node = nodeCount - 1; node >= 0; node--) {
      if (changed !== undefined && changed[node] === 0) continue;
      let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
      const child = firstChild[node];
      if (child < 0) {
        for (let k = itemStart[node], end = itemStart[node] + itemCount[node]; k < end; k++) {
          const o = 6 * items[k];
          if (boxes[o] < x0) x0 = boxes[o];
          if (boxes[o + 1] < y0) y0 = boxes[o + 1];
          if (boxes[o + 2] < z0) z0 = boxes[o + 2];
          if (boxes[o + 3] > x1) x1 = boxes[o + 3];
          if (boxes[o + 4] > y1) y1 = boxes[o + 4];
          if (boxes[o + 5] > z1) z1 = boxes[o + 5];
        }
      } else {
        for (let c = child; c <= child + 1; c++) {
          const o = 6 * c;
          if (nodeBoxes[o] < x0) x0 = nodeBoxes[o];
          if (nodeBoxes[o + 1] < y0) y0 = nodeBoxes[o + 1];
          if (nodeBoxes[o + 2] < z0) z0 = nodeBoxes[o + 2];
          if (nodeBoxes[o + 3] > x1) x1 = nodeBoxes[o + 3];
          if (nodeBoxes[o + 4] > y1) y1 = nodeBoxes[o + 4];
          if (nodeBoxes[o + 5] > z1) z1 = nodeBoxes[o + 5];
        }
      }
      const o = 6 * node;
      nodeBoxes[o] = x0;
      nodeBoxes[o + 1] = y0;
      nodeBoxes[o + 2] = z0;
      nodeBoxes[o + 3] = x1;
      nodeBoxes[o + 4] = y1;
      nodeBoxes[o + 5] = z1;
    }
  }

  /**
   * Every overlapping (item of this tree, item of b) pair; `self`: b is this tree, each unordered pair once. A node pair
   * is tested before it is pushed (every pair on the stack overlaps, or is a node with itself), in the same order as
   * testing it when popped: the pairs come out in the same order, with a third fewer stack operations. The arrays are
   * read through local constants (closure variables that are reassigned cost a context load per access). Measured on
   * the test character's level-3 edges and points × triangles (.dev/bvhbench.ts, best of 15, the previous commit in the same session): 45–46 → 41–44 ms, the same pairs in the same order (hash).
   */
  function overlapPairs(b: BoxBvhTree, self: boolean, local: LocalNodes | undefined, marked: MarkedNodes | undefined): number {
    if (nodeCount === 0 || b.nodeCount === 0) return 0;
    const localOffsets = local?.offsets, localNodes = local?.nodes;
    const markedA = marked?.first, markedB = marked?.second;
    const aBoxes = boxes, aItems = items, aNodes = nodeBoxes, aChild = firstChild, aStart = itemStart, aCount = itemCount;
    const bBoxes = b.boxes, bItems = b.items, bNodes = b.nodeBoxes, bChild = b.firstChild, bStart = b.itemStart, bCount = b.itemCount;
    let out = pairs;
    let stack = pairStack;
    let found = 0;
    let top = 0;
    if (!self && (aNodes[0] > bNodes[3] || aNodes[1] > bNodes[4] || aNodes[2] > bNodes[5] || aNodes[3] < bNodes[0] || aNodes[4] < bNodes[1] || aNodes[5] < bNodes[2])) return 0;
    stack[top++] = 0;
    stack[top++] = 0;
    while (top > 0) {
      const nb = stack[--top];
      const na = stack[--top];
      if (markedA !== undefined && markedA[na] === 0 && markedB![nb] === 0) continue;
      if (localOffsets !== undefined && listed(localOffsets, localNodes!, na, nb)) continue;
      const ca = aChild[na], cb = bChild[nb];
      if (self && na === nb) {
        if (ca >= 0) {
          if (top + 6 > stack.length) stack = pairStack = grownArray(stack, 2 * stack.length);
          stack[top++] = ca;
          stack[top++] = ca;
          stack[top++] = ca + 1;
          stack[top++] = ca + 1;
          const o = 6 * ca, q = 6 * ca + 6;
          if (!(aNodes[o] > aNodes[q + 3] || aNodes[o + 1] > aNodes[q + 4] || aNodes[o + 2] > aNodes[q + 5] || aNodes[o + 3] < aNodes[q] || aNodes[o + 4] < aNodes[q + 1] || aNodes[o + 5] < aNodes[q + 2])) {
            stack[top++] = ca;
            stack[top++] = ca + 1;
          }
          continue;
        }
        for (let k = aStart[na], end = aStart[na] + aCount[na]; k < end; k++) {
          const i = aItems[k];
          const o = 6 * i;
          const x0 = aBoxes[o], y0 = aBoxes[o + 1], z0 = aBoxes[o + 2], x1 = aBoxes[o + 3], y1 = aBoxes[o + 4], z1 = aBoxes[o + 5];
          for (let m = k + 1; m < end; m++) {
            const j = aItems[m];
            const q = 6 * j;
            if (aBoxes[q] > x1 || aBoxes[q + 1] > y1 || aBoxes[q + 2] > z1 || aBoxes[q + 3] < x0 || aBoxes[q + 4] < y0 || aBoxes[q + 5] < z0) continue;
            if (found + 2 > out.length) out = pairs = grownArray(out, 2 * out.length);
            out[found++] = i < j ? i : j;
            out[found++] = i < j ? j : i;
          }
        }
        continue;
      }
      if (ca < 0 && cb < 0) {
        for (let k = aStart[na], end = aStart[na] + aCount[na]; k < end; k++) {
          const i = aItems[k];
          const o = 6 * i;
          const x0 = aBoxes[o], y0 = aBoxes[o + 1], z0 = aBoxes[o + 2], x1 = aBoxes[o + 3], y1 = aBoxes[o + 4], z1 = aBoxes[o + 5];
          for (let m = bStart[nb], mEnd = bStart[nb] + bCount[nb]; m < mEnd; m++) {
            const j = bItems[m];
            const q = 6 * j;
            if (bBoxes[q] > x1 || bBoxes[q + 1] > y1 || bBoxes[q + 2] > z1 || bBoxes[q + 3] < x0 || bBoxes[q + 4] < y0 || bBoxes[q + 5] < z0) continue;
            if (found + 2 > out.length) out = pairs = grownArray(out, 2 * out.length);
            if (self && j < i) {
              out[found++] = j;
              out[found++] = i;
            } else {
              out[found++] = i;
              out[found++] = j;
            }
          }
        }
        continue;
      }
      if (top + 4 > stack.length) stack = pairStack = grownArray(stack, 2 * stack.length);
      // Descend the node with more items (a leaf never): the two children against the other node, each pushed only if
      // its box overlaps the other's (in the order they were pushed untested before).
      if (cb < 0 || (ca >= 0 && aCount[na] >= bCount[nb])) {
        const q = 6 * nb;
        const qx0 = bNodes[q], qy0 = bNodes[q + 1], qz0 = bNodes[q + 2], qx1 = bNodes[q + 3], qy1 = bNodes[q + 4], qz1 = bNodes[q + 5];
        for (let c = ca; c <= ca + 1; c++) {
          const o = 6 * c;
          if (aNodes[o] > qx1 || aNodes[o + 1] > qy1 || aNodes[o + 2] > qz1 || aNodes[o + 3] < qx0 || aNodes[o + 4] < qy0 || aNodes[o + 5] < qz0) continue;
          stack[top++] = c;
          stack[top++] = nb;
        }
      } else {
        const o = 6 * na;
        const ox0 = aNodes[o], oy0 = aNodes[o + 1], oz0 = aNodes[o + 2], ox1 = aNodes[o + 3], oy1 = aNodes[o + 4], oz1 = aNodes[o + 5];
        for (let c = cb; c <= cb + 1; c++) {
          const q = 6 * c;
          if (ox0 > bNodes[q + 3] || oy0 > bNodes[q + 4] || oz0 > bNodes[q + 5] || ox1 < bNodes[q] || oy1 < bNodes[q + 1] || oz1 < bNodes[q + 2]) continue;
          stack[top++] = na;
          stack[top++] = c;
        }
      }
    }
    return found >>> 1;
  }

  const bvh: BoxBvh = {
    get candidates() {
      return candidates;
    },
    get pairs() {
      return pairs;
    },
    tree,
    overlapPairs(other, local, marked) {
      return overlapPairs(other.tree, other === bvh, local, marked);
    },
    refitBoxes(input, changed) {
      boxes = input;
      refit(changed);
      tree.boxes = boxes;
    },
    markNodes(flags, list, out) {
      if (out.length < nodeCount) out = new Uint8Array(Math.max(nodeCount, 2 * out.length));
      for (let node = nodeCount - 1; node >= 0; node--) {
        const child = firstChild[node];
        let mark = 0;
        if (child >= 0) mark = out[child] | out[child + 1];
        else for (let k = itemStart[node], end = itemStart[node] + itemCount[node]; k < end && mark === 0; k++) mark = flags[list === null ? items[k] : list[items[k]]];
        out[node] = mark;
      }
      return out;
    },
    build(input, count) {
      boxes = input;
      if (count !== builtFor || ++sinceRebuild >= rebuildEvery) {
        rebuild(count);
        tree.version++;
        builtFor = count;
        sinceRebuild = 0;
      }
      if (count === 0) nodeCount = 0;
      refit();
      tree.boxes = boxes;
      tree.items = items;
      tree.nodeBoxes = nodeBoxes;
      tree.firstChild = firstChild;
      tree.itemStart = itemStart;
      tree.itemCount = itemCount;
      tree.nodeCount = nodeCount;
    },
    query(minX, minY, minZ, maxX, maxY, maxZ) {
      let found = 0;
      if (nodeCount === 0) return 0;
      let top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const node = stack[--top];
        const o = 6 * node;
        if (nodeBoxes[o] > maxX || nodeBoxes[o + 1] > maxY || nodeBoxes[o + 2] > maxZ || nodeBoxes[o + 3] < minX || nodeBoxes[o + 4] < minY || nodeBoxes[o + 5] < minZ) continue;
        const child = firstChild[node];
        if (child >= 0) {
          if (top + 2 > stack.length) stack = grownArray(stack, 2 * stack.length);
          stack[top++] = child + 1;
          stack[top++] = child;
          continue;
        }
        for (let k = itemStart[node], end = itemStart[node] + itemCount[node]; k < end; k++) {
          const i = items[k];
          const b = 6 * i;
          if (boxes[b] > maxX || boxes[b + 1] > maxY || boxes[b + 2] > maxZ || boxes[b + 3] < minX || boxes[b + 4] < minY || boxes[b + 5] < minZ) continue;
          if (found === candidates.length) candidates = grownArray(candidates, 2 * found);
          candidates[found++] = i;
        }
      }
      return found;
    },
  };
  return bvh;
}

/** Whether node b is listed under node a (a short list: a linear scan). */
function listed(offsets: Uint32Array, nodes: Uint32Array, a: number, b: number): boolean {
  for (let k = offsets[a], end = offsets[a + 1]; k < end; k++) if (nodes[k] === b) return true;
  return false;
}
