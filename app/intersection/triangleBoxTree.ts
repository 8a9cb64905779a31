/** A bounding-box tree over triangles, built for one set of positions (triangleBoxTree). */
export interface TriangleBoxTree {
  /** number of nodes */
  readonly nodeCount: number;
  /**
   * Calls visit(triangle) for every triangle whose box overlaps the closed query box [m]. visit may return true to
   * stop the query early.
   */
  query(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, visit: (triangle: number) => boolean | void): void;
  /** #N×6 node boxes (min xyz, max xyz) [m]; node 0 is the root (all triangles), empty when there are none */
  readonly boxes: Float64Array;
}

const LEAF_SIZE = 4;

/**
 * Axis-aligned bounding-box tree over a triangle list, split at the median centroid along the widest axis (a
 * balanced tree, depth ≤ log2(#T/4) + 1). Built from scratch for each frame the intersection checker looks at:
 * building costs about as much as one full query pass, and a fresh tree has no refit quality loss to reason about.
 * Triangles listed in `skip` are left out. This is the checker's own broad phase, independent of app/contact.
 *
 * @param positions  #V×3 vertex positions [m]
 * @param triangles  #T×3 vertex indices
 * @param skip       optional #T flags: non-zero leaves the triangle out (degenerate)
 * @returns the tree, with a query by box
 */
export function triangleBoxTree(positions: ArrayLike<number>, triangles: ArrayLike<number>, skip?: Uint8Array): TriangleBoxTree {
  const triangleCount = Math.floor(triangles.length / 3);
  const order: number[] = [];
  for (let t = 0; t < triangleCount; t++) if (!skip || skip[t] === 0) order.push(t);
  const count = order.length;
  const triangleBoxes = new Float64Array(6 * triangleCount);
  const centroids = new Float64Array(3 * triangleCount);
  for (const t of order) {
    for (let axis = 0; axis < 3; axis++) {
      const a = positions[3 * triangles[3 * t] + axis];
      const b = positions[3 * triangles[3 * t + 1] + axis];
      const c = positions[3 * triangles[3 * t + 2] + axis];
      triangleBoxes[6 * t + axis] = Math.min(a, b, c);
      triangleBoxes[6 * t + 3 + axis] = Math.max(a, b, c);
      centroids[3 * t + axis] = (a + b + c) / 3;
    }
  }
  const items = Uint32Array.from(order);
  const maxNodes = Math.max(1, 2 * Math.ceil(count / LEAF_SIZE) + 1);
  let boxes = new Float64Array(6 * maxNodes);
  let firstChild = new Int32Array(maxNodes); // -1 for leaves
  let itemStart = new Uint32Array(maxNodes);
  let itemCount = new Uint32Array(maxNodes);
  let nodeCount = 0;

  const grow = (): void => {
    const size = 2 * firstChild.length;
    const b = new Float64Array(6 * size);
    b.set(boxes);
    boxes = b;
    const f = new Int32Array(size);
    f.set(firstChild);
    firstChild = f;
    const s = new Uint32Array(size);
    s.set(itemStart);
    itemStart = s;
    const c = new Uint32Array(size);
    c.set(itemCount);
    itemCount = c;
  };
  const makeNode = (start: number, n: number): number => {
    if (nodeCount >= firstChild.length) grow();
    const node = nodeCount++;
    let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
    for (let k = start; k < start + n; k++) {
      const o = 6 * items[k];
      x0 = Math.min(x0, triangleBoxes[o]);
      y0 = Math.min(y0, triangleBoxes[o + 1]);
      z0 = Math.min(z0, triangleBoxes[o + 2]);
      x1 = Math.max(x1, triangleBoxes[o + 3]);
      y1 = Math.max(y1, triangleBoxes[o + 4]);
      z1 = Math.max(z1, triangleBoxes[o + 5]);
    }
    boxes.set([x0, y0, z0, x1, y1, z1], 6 * node);
    itemStart[node] = start;
    itemCount[node] = n;
    firstChild[node] = -1;
    return node;
  };
  if (count > 0) {
    const stack: number[] = [makeNode(0, count)];
    while (stack.length > 0) {
      const node = stack.pop()!;
      const start = itemStart[node];
      const n = itemCount[node];
      if (n <= LEAF_SIZE) continue;
      let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
      for (let k = start; k < start + n; k++) {
        const o = 3 * items[k];
        lo0 = Math.min(lo0, centroids[o]);
        hi0 = Math.max(hi0, centroids[o]);
        lo1 = Math.min(lo1, centroids[o + 1]);
        hi1 = Math.max(hi1, centroids[o + 1]);
        lo2 = Math.min(lo2, centroids[o + 2]);
        hi2 = Math.max(hi2, centroids[o + 2]);
      }
      const e0 = hi0 - lo0, e1 = hi1 - lo1, e2 = hi2 - lo2;
      const axis = e0 >= e1 && e0 >= e2 ? 0 : e1 >= e2 ? 1 : 2;
      const half = n >>> 1;
      selectNth(items, start, start + n - 1, start + half, centroids, axis);
      const left = makeNode(start, half);
      makeNode(start + half, n - half);
      firstChild[node] = left;
      stack.push(left, left + 1);
    }
  }

  const stack = new Int32Array(128);
  return {
    get nodeCount() {
      return nodeCount;
    },
    get boxes() {
      return boxes.subarray(0, 6 * nodeCount);
    },
    query(minX, minY, minZ, maxX, maxY, maxZ, visit) {
      if (nodeCount === 0) return;
      let top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const node = stack[--top];
        const o = 6 * node;
        if (boxes[o] > maxX || boxes[o + 1] > maxY || boxes[o + 2] > maxZ || boxes[o + 3] < minX || boxes[o + 4] < minY || boxes[o + 5] < minZ) continue;
        const child = firstChild[node];
        if (child >= 0) {
          stack[top++] = child;
          stack[top++] = child + 1;
          continue;
        }
        for (let k = itemStart[node], end = k + itemCount[node]; k < end; k++) {
          const t = items[k];
          const b = 6 * t;
          if (triangleBoxes[b] > maxX || triangleBoxes[b + 1] > maxY || triangleBoxes[b + 2] > maxZ) continue;
          if (triangleBoxes[b + 3] < minX || triangleBoxes[b + 4] < minY || triangleBoxes[b + 5] < minZ) continue;
          if (visit(t) === true) return;
        }
      }
    },
  };
}

/** Quickselect: reorders items[lo..hi] so that items[nth] has the nth smallest centroid along axis. */
function selectNth(items: Uint32Array, lo: number, hi: number, nth: number, centroids: Float64Array, axis: number): void {
  while (hi > lo) {
    const pivot = centroids[3 * items[(lo + hi) >>> 1] + axis];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (centroids[3 * items[i] + axis] < pivot) i++;
      while (centroids[3 * items[j] + axis] > pivot) j--;
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
