import { grownArray } from '../../math/index.ts';
import { indexedPointsBox } from '../indexedPointsBox.ts';
import type { BoxBvhData } from './types.ts';

const LEAF_SIZE = 4;
/** The centroid bounds of the node being split (scratch). */
const BOUNDS = new Float64Array(6);

/**
 * A fresh topology over the first `count` boxes of d.boxes: split at the median centroid along the widest axis of
 * the centroids, 4 boxes a leaf, nodes in preorder (a node's children are the next index and the one after, and have
 * larger indices than it). Writes items, centroids, firstChild, itemStart, itemCount and nodeCount (growing the
 * arrays when count has grown); the node boxes are left for refitNodeBoxes.
 *
 * @param d      the tree's struct; d.boxes holds ≥ count×6 boxes (min xyz, max xyz) [m]
 * @param count  number of boxes #B
 */
export function medianSplitTopology(d: BoxBvhData, count: number): void {
  const boxes = d.boxes;
  if (d.items.length < count) {
    d.items = new Uint32Array(count);
    d.centroids = new Float64Array(3 * count);
  }
  const items = d.items,
    centroids = d.centroids;
  for (let i = 0; i < count; i++) {
    items[i] = i;
    const o = 6 * i;
    centroids[3 * i] = 0.5 * (boxes[o] + boxes[o + 3]);
    centroids[3 * i + 1] = 0.5 * (boxes[o + 1] + boxes[o + 4]);
    centroids[3 * i + 2] = 0.5 * (boxes[o + 2] + boxes[o + 5]);
  }
  // A median split of n > 4 leaves at least 2 a side: at most n/2 leaves, n nodes.
  const maxNodes = count + 2;
  if (d.firstChild.length < maxNodes) {
    d.nodeBoxes = new Float64Array(6 * maxNodes);
    d.firstChild = new Int32Array(maxNodes);
    d.itemStart = new Uint32Array(maxNodes);
    d.itemCount = new Uint32Array(maxNodes);
  }
  const firstChild = d.firstChild,
    itemStart = d.itemStart,
    itemCount = d.itemCount;
  let work = d.work;
  let nodeCount = 1;
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
    indexedPointsBox(centroids, items, start, n, 0, BOUNDS, 0);
    const dx = BOUNDS[3] - BOUNDS[0],
      dy = BOUNDS[4] - BOUNDS[1],
      dz = BOUNDS[5] - BOUNDS[2];
    const axis = dx >= dy && dx >= dz ? 0 : dy >= dz ? 1 : 2;
    const half = n >>> 1;
    select(items, centroids, start, start + n - 1, start + half, axis);
    const left = nodeCount;
    nodeCount += 2;
    firstChild[node] = left;
    if (top + 6 > work.length) work = d.work = grownArray(work, 2 * work.length);
    // Right pushed first so the left subtree gets the next preorder indices.
    work[top++] = left + 1;
    work[top++] = start + half;
    work[top++] = n - half;
    work[top++] = left;
    work[top++] = start;
    work[top++] = half;
  }
  d.nodeCount = nodeCount;
}

/** Quickselect: items[k] becomes the element of rank k along `axis` within items[lo..hi]. */
function select(items: Uint32Array, centroids: Float64Array, lo: number, hi: number, k: number, axis: number): void {
  while (hi > lo) {
    const pivot = centroids[3 * items[(lo + hi) >>> 1] + axis];
    let i = lo,
      j = hi;
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
