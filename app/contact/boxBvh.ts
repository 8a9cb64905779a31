import type { BoxBroadPhase } from './boxSpatialHash.ts';
import { grownArray } from './grownArray.ts';

const LEAF_SIZE = 4;

/**
 * A bounding-volume hierarchy over axis-aligned boxes that is refitted, not rebuilt, while the number of boxes stays
 * the same (the refitted-BVH broad phase of Gaia, Warp and Newton, anchors.md §1.1–1.4): the first build splits at
 * the median centroid along the widest axis (4 boxes a leaf, nodes in preorder), every later build recomputes the node
 * boxes bottom-up in one reverse pass over the nodes, and the tree is rebuilt from scratch every `rebuildEvery`
 * builds so that a surface that deforms a lot does not keep a loose tree. Queries walk the tree with an explicit
 * stack and write their answers into `candidates`; nothing is allocated once the buffers have grown.
 *
 * Kept as the measured alternative to boxSpatialHash (`npm run bench -- contact`, "broadPhase").
 *
 * @param rebuildEvery  builds between full rebuilds (default 16)
 * @returns the BVH
 */
export function boxBvh(rebuildEvery = 16): BoxBroadPhase {
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

  /** Node boxes bottom-up: children have larger preorder indices than their parent. */
  function refit(): void {
    for (let node = nodeCount - 1; node >= 0; node--) {
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

  return {
    get candidates() {
      return candidates;
    },
    build(input, count) {
      boxes = input;
      if (count !== builtFor || ++sinceRebuild >= rebuildEvery) {
        rebuild(count);
        builtFor = count;
        sinceRebuild = 0;
      }
      if (count === 0) nodeCount = 0;
      refit();
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
}
