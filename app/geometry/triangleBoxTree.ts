/** A bounding-box tree over triangles: a topology built once, boxes refit per frame (triangleBoxTree). */
export interface TriangleBoxTree {
  /** number of nodes (0 when no triangle is in the tree) */
  readonly nodeCount: number;
  /** #N×6 node boxes (min xyz, max xyz) [m] at the last build or refit; node 0 is the root (all triangles) */
  readonly boxes: Float64Array;
  /** #N: index of a node's first child (its second is the next node), −1 for a leaf */
  readonly firstChild: Int32Array;
  /** #N: first slot in `items` of the triangles under the node (every node covers one contiguous range) */
  readonly itemStart: Uint32Array;
  /** #N: number of triangles under the node */
  readonly itemCount: Uint32Array;
  /** the tree's triangles in leaf order (those not left out by `skip`) */
  readonly items: Uint32Array;
  /** #items×3 vertex indices of items[k] in slot k (for the current topology) */
  readonly itemVertices: Uint32Array;
  /** #items×6 boxes (min xyz, max xyz) [m] of items[k] in slot k, at the last build or refit (slot order keeps a leaf's boxes together in memory) */
  readonly itemBoxes: Float64Array;
  /** number of topology builds so far (1 after construction): data laid out in slot order is stale when it changes */
  readonly builds: number;
  /**
   * Recomputes every triangle and node box for new positions of the same mesh, keeping the topology (O(#T)).
   *
   * @param positions  #V×3 vertex positions [m]
   * @returns the tree's cost (Σ node box areas over the root's area) relative to the cost right after the last
   *          build: 1 for a fresh tree, growing as the topology fits the new positions worse (rebuild when large)
   */
  refit(positions: ArrayLike<number>): number;
  /** Rebuilds the topology for new positions (median splits), as triangleBoxTree() does. */
  rebuild(positions: ArrayLike<number>): void;
}

const LEAF_SIZE = 4;

/**
 * Axis-aligned bounding-box tree over a triangle list, split at the median box centre along the widest axis (a
 * balanced tree, depth ≤ log2(#T/4) + 1), in typed arrays: node `firstChild`, item ranges, boxes. The topology is
 * built once (here, or by `rebuild`) and `refit` recomputes the boxes for a new frame in one bottom-up pass, which
 * costs a fraction of a build; refit reports how much the fit has degraded so the caller can rebuild when the
 * topology no longer matches the shape (the intersection checker rebuilds above twice the fresh cost). Children are
 * numbered after their parent, so a reverse sweep over the nodes is bottom-up. Triangles listed in `skip` are left
 * out for good (the checker's repeated-vertex triangles). This is the exact checker's broad phase (app/intersection);
 * it shares no code with app/contact's solver-side tree (boxBvh), so one bug cannot hide itself in both.
 *
 * @param positions  #V×3 vertex positions [m] the first topology is built for
 * @param triangles  #T×3 vertex indices
 * @param skip       optional #T flags: non-zero leaves the triangle out of the tree
 * @returns the tree (built and fitted to `positions`)
 */
export function triangleBoxTree(positions: ArrayLike<number>, triangles: ArrayLike<number>, skip?: Uint8Array): TriangleBoxTree {
  const triangleCount = Math.floor(triangles.length / 3);
  let count = 0;
  for (let t = 0; t < triangleCount; t++) if (!skip || skip[t] === 0) count++;
  const items = new Uint32Array(count);
  for (let t = 0, k = 0; t < triangleCount; t++) if (!skip || skip[t] === 0) items[k++] = t;
  const itemBoxes = new Float64Array(6 * count);
  const centres = new Float64Array(3 * triangleCount);
  const itemVertices = new Uint32Array(3 * count);
  // Every split leaves two non-empty children, so there are at most #items leaves and 2·#items − 1 nodes.
  const maxNodes = Math.max(1, 2 * count - 1);
  const boxes = new Float64Array(6 * maxNodes);
  const firstChild = new Int32Array(maxNodes);
  const itemStart = new Uint32Array(maxNodes);
  const itemCount = new Uint32Array(maxNodes);
  const buildStack = new Int32Array(maxNodes);
  let nodeCount = 0;
  let builtCost = 1;
  let builds = 0;

  const build = (P: ArrayLike<number>): void => {
    builds++;
    // Box centres by triangle (doubled: the same order, one multiply fewer), the key the splits sort by.
    for (let k = 0; k < count; k++) {
      const t = items[k];
      const a = 3 * triangles[3 * t], b = 3 * triangles[3 * t + 1], c = 3 * triangles[3 * t + 2];
      for (let axis = 0; axis < 3; axis++) {
        const x = P[a + axis], y = P[b + axis], z = P[c + axis];
        centres[3 * t + axis] = (x < y ? (x < z ? x : z) : y < z ? y : z) + (x > y ? (x > z ? x : z) : y > z ? y : z);
      }
    }
    nodeCount = 0;
    if (count === 0) return;
    nodeCount = 1;
    itemStart[0] = 0;
    itemCount[0] = count;
    firstChild[0] = -1;
    let top = 0;
    buildStack[top++] = 0;
    while (top > 0) {
      const node = buildStack[--top];
      const start = itemStart[node];
      const n = itemCount[node];
      if (n <= LEAF_SIZE) continue;
      // Split along the widest extent of the box centres.
      let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
      for (let k = start; k < start + n; k++) {
        const o = 3 * items[k];
        const c0 = centres[o], c1 = centres[o + 1], c2 = centres[o + 2];
        if (c0 < lo0) lo0 = c0;
        if (c0 > hi0) hi0 = c0;
        if (c1 < lo1) lo1 = c1;
        if (c1 > hi1) hi1 = c1;
        if (c2 < lo2) lo2 = c2;
        if (c2 > hi2) hi2 = c2;
      }
      const e0 = hi0 - lo0, e1 = hi1 - lo1, e2 = hi2 - lo2;
      const axis = e0 >= e1 && e0 >= e2 ? 0 : e1 >= e2 ? 1 : 2;
      const half = n >>> 1;
      selectNth(items, start, start + n - 1, start + half, centres, axis);
      const left = nodeCount;
      nodeCount += 2;
      firstChild[node] = left;
      itemStart[left] = start;
      itemCount[left] = half;
      firstChild[left] = -1;
      itemStart[left + 1] = start + half;
      itemCount[left + 1] = n - half;
      firstChild[left + 1] = -1;
      buildStack[top++] = left;
      buildStack[top++] = left + 1;
    }
    for (let k = 0; k < count; k++) {
      const t = items[k];
      itemVertices[3 * k] = triangles[3 * t];
      itemVertices[3 * k + 1] = triangles[3 * t + 1];
      itemVertices[3 * k + 2] = triangles[3 * t + 2];
    }
    fitItems(P, itemVertices, itemBoxes);
    builtCost = fitNodes(nodeCount, firstChild, itemStart, itemCount, itemBoxes, boxes);
  };
  build(positions);

  return {
    get nodeCount() {
      return nodeCount;
    },
    get boxes() {
      return boxes.subarray(0, 6 * nodeCount);
    },
    firstChild,
    itemStart,
    itemCount,
    items,
    itemVertices,
    itemBoxes,
    get builds() {
      return builds;
    },
    refit(P) {
      fitItems(P, itemVertices, itemBoxes);
      return fitNodes(nodeCount, firstChild, itemStart, itemCount, itemBoxes, boxes) / builtCost;
    },
    rebuild(P) {
      build(P);
    },
  };
}

// The per-frame loops, module-level with their arrays as arguments (closures over the tree's state ran slower and
// were deoptimized at every call).

/** Box of each slot's triangle. */
function fitItems(P: ArrayLike<number>, itemVertices: Uint32Array, itemBoxes: Float64Array): void {
  const count = itemVertices.length / 3;
  for (let k = 0; k < count; k++) {
    const a = 3 * itemVertices[3 * k], b = 3 * itemVertices[3 * k + 1], c = 3 * itemVertices[3 * k + 2];
    const o = 6 * k;
    const ax = P[a], ay = P[a + 1], az = P[a + 2], bx = P[b], by = P[b + 1], bz = P[b + 2], cx = P[c], cy = P[c + 1], cz = P[c + 2];
    itemBoxes[o] = Math.min(ax, bx, cx);
    itemBoxes[o + 1] = Math.min(ay, by, cy);
    itemBoxes[o + 2] = Math.min(az, bz, cz);
    itemBoxes[o + 3] = Math.max(ax, bx, cx);
    itemBoxes[o + 4] = Math.max(ay, by, cy);
    itemBoxes[o + 5] = Math.max(az, bz, cz);
  }
}

/** Node boxes bottom-up from the slot boxes (children after parents: a reverse sweep); returns Σ node areas / root area. */
function fitNodes(nodeCount: number, firstChild: Int32Array, itemStart: Uint32Array, itemCount: Uint32Array, itemBoxes: Float64Array, boxes: Float64Array): number {
  let sum = 0;
  for (let node = nodeCount - 1; node >= 0; node--) {
    const o = 6 * node;
    const child = firstChild[node];
    let x0: number, y0: number, z0: number, x1: number, y1: number, z1: number;
    if (child >= 0) {
      const l = 6 * child, r = l + 6;
      x0 = Math.min(boxes[l], boxes[r]);
      y0 = Math.min(boxes[l + 1], boxes[r + 1]);
      z0 = Math.min(boxes[l + 2], boxes[r + 2]);
      x1 = Math.max(boxes[l + 3], boxes[r + 3]);
      y1 = Math.max(boxes[l + 4], boxes[r + 4]);
      z1 = Math.max(boxes[l + 5], boxes[r + 5]);
    } else {
      let b = 6 * itemStart[node];
      const end = b + 6 * itemCount[node];
      x0 = itemBoxes[b]; y0 = itemBoxes[b + 1]; z0 = itemBoxes[b + 2]; x1 = itemBoxes[b + 3]; y1 = itemBoxes[b + 4]; z1 = itemBoxes[b + 5];
      for (b += 6; b < end; b += 6) {
        x0 = Math.min(x0, itemBoxes[b]);
        y0 = Math.min(y0, itemBoxes[b + 1]);
        z0 = Math.min(z0, itemBoxes[b + 2]);
        x1 = Math.max(x1, itemBoxes[b + 3]);
        y1 = Math.max(y1, itemBoxes[b + 4]);
        z1 = Math.max(z1, itemBoxes[b + 5]);
      }
    }
    boxes[o] = x0;
    boxes[o + 1] = y0;
    boxes[o + 2] = z0;
    boxes[o + 3] = x1;
    boxes[o + 4] = y1;
    boxes[o + 5] = z1;
    const dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
    sum += dx * dy + dy * dz + dz * dx;
  }
  if (nodeCount === 0) return 1;
  const dx = boxes[3] - boxes[0], dy = boxes[4] - boxes[1], dz = boxes[5] - boxes[2];
  const root = dx * dy + dy * dz + dz * dx;
  return root > 0 ? sum / root : 1;
}

/** Quickselect: reorders items[lo..hi] so that items[nth] has the nth smallest centre along axis. */
function selectNth(items: Uint32Array, lo: number, hi: number, nth: number, centres: Float64Array, axis: number): void {
  while (hi > lo) {
    const pivot = centres[3 * items[(lo + hi) >>> 1] + axis];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (centres[3 * items[i] + axis] < pivot) i++;
      while (centres[3 * items[j] + axis] > pivot) j--;
      if (i <= j) {
        const swap = items[i];
        items[i] = items[j];
        items[j] = swap;
        i++;
        j--;
      }
    }
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else return;
  }
}
