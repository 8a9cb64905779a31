import { grownArray } from '../../math/index.ts';
import type { BoxBvhData, BoxBvhTree, LocalNodes, MarkedNodes } from './types.ts';

/**
 * Every overlapping (item of tree a, item of tree b) pair, by walking the two trees together (node pair by node pair,
 * descending the node with more items; a tree against itself visits each unordered node pair once), written to
 * a.pairs as pairs[2k] = i (of a), pairs[2k + 1] = j (of b). `self`: b is a's own tree, each unordered pair of
 * distinct boxes once, smaller index first. A node pair is tested before it is pushed (every pair on the stack
 * overlaps, or is a node with itself), in the same order as testing it when popped: the pairs come out in the same
 * order, with a third fewer stack operations. The arrays are read through local constants; the leaf pairs
 * (leafPairs) and the node-box test (boxesApart) are small functions V8 inlines. Measured on the test
 * character's level-3 edges and points × triangles (.dev/bvhbench.ts, best of 15, the previous commit in the same
 * session): 45–46 → 41–44 ms, the same pairs in the same order (hash).
 *
 * @param a       the walking tree's struct (built; a.pairs and a.pairStack grow as needed)
 * @param b       the other tree's arrays (built; a's own for self)
 * @param self    whether b is a's tree
 * @param local   optional node pairs to skip (localNodePairs for these two trees as built now)
 * @param marked  optional node marks: node pairs with neither node marked are skipped
 * @returns the number of pairs
 */
export function overlapPairs(a: BoxBvhData, b: BoxBvhTree, self: boolean, local: LocalNodes | undefined, marked: MarkedNodes | undefined): number {
  if (a.nodeCount === 0 || b.nodeCount === 0) return 0;
  const localOffsets = local?.offsets,
    localNodes = local?.nodes;
  const markedA = marked?.first,
    markedB = marked?.second;
  const aBoxes = a.boxes,
    aItems = a.items,
    aNodes = a.nodeBoxes,
    aChild = a.firstChild,
    aStart = a.itemStart,
    aCount = a.itemCount;
  const bBoxes = b.boxes,
    bItems = b.items,
    bNodes = b.nodeBoxes,
    bChild = b.firstChild,
    bStart = b.itemStart,
    bCount = b.itemCount;
  let stack = a.pairStack;
  let found = 0;
  let top = 0;
  if (!self && boxesApart(aNodes, 0, bNodes, 0)) return 0;
  stack[top++] = 0;
  stack[top++] = 0;
  while (top > 0) {
    const nb = stack[--top];
    const na = stack[--top];
    if (markedA !== undefined && markedA[na] === 0 && markedB![nb] === 0) continue;
    if (localOffsets !== undefined && listed(localOffsets, localNodes!, na, nb)) continue;
    const ca = aChild[na],
      cb = bChild[nb];
    if (self && na === nb) {
      if (ca >= 0) {
        if (top + 6 > stack.length) stack = a.pairStack = grownArray(stack, 2 * stack.length);
        stack[top++] = ca;
        stack[top++] = ca;
        stack[top++] = ca + 1;
        stack[top++] = ca + 1;
        if (!boxesApart(aNodes, 6 * ca, aNodes, 6 * ca + 6)) {
          stack[top++] = ca;
          stack[top++] = ca + 1;
        }
        continue;
      }
      found = leafPairs(a, found, aBoxes, aItems, aStart[na], aStart[na] + aCount[na], aBoxes, aItems, -1, aStart[na] + aCount[na], true);
      continue;
    }
    if (ca < 0 && cb < 0) {
      found = leafPairs(a, found, aBoxes, aItems, aStart[na], aStart[na] + aCount[na], bBoxes, bItems, bStart[nb], bStart[nb] + bCount[nb], self);
      continue;
    }
    if (top + 4 > stack.length) stack = a.pairStack = grownArray(stack, 2 * stack.length);
    // Descend the node with more items (a leaf never): the two children against the other node, each pushed only if
    // its box overlaps the other's (in the order they were pushed untested before).
    if (cb < 0 || (ca >= 0 && aCount[na] >= bCount[nb])) {
      for (let c = ca; c <= ca + 1; c++) {
        if (boxesApart(aNodes, 6 * c, bNodes, 6 * nb)) continue;
        stack[top++] = c;
        stack[top++] = nb;
      }
    } else {
      for (let c = cb; c <= cb + 1; c++) {
        if (boxesApart(aNodes, 6 * na, bNodes, 6 * c)) continue;
        stack[top++] = na;
        stack[top++] = c;
      }
    }
  }
  return found >>> 1;
}

/**
 * The overlapping pairs of two leaves' items, appended to a.pairs after the first `found` pairs' entries (grown by
 * doubling): items[kStart..kEnd) of the first against items[mStart..mEnd) of the second, or, with mStart −1, a leaf
 * against itself (each item against those after it). `self` (one tree): each pair smaller index first.
 *
 * @returns the number of entries (2 per pair) written so far
 */
function leafPairs(
  a: BoxBvhData,
  found: number,
  aBoxes: Float64Array,
  aItems: Uint32Array,
  kStart: number,
  kEnd: number,
  bBoxes: Float64Array,
  bItems: Uint32Array,
  mStart: number,
  mEnd: number,
  self: boolean,
): number {
  let out = a.pairs;
  for (let k = kStart; k < kEnd; k++) {
    const i = aItems[k];
    const o = 6 * i;
    const x0 = aBoxes[o],
      y0 = aBoxes[o + 1],
      z0 = aBoxes[o + 2],
      x1 = aBoxes[o + 3],
      y1 = aBoxes[o + 4],
      z1 = aBoxes[o + 5];
    for (let m = mStart < 0 ? k + 1 : mStart; m < mEnd; m++) {
      const j = bItems[m];
      const q = 6 * j;
      if (bBoxes[q] > x1 || bBoxes[q + 1] > y1 || bBoxes[q + 2] > z1 || bBoxes[q + 3] < x0 || bBoxes[q + 4] < y0 || bBoxes[q + 5] < z0) continue;
      if (found + 2 > out.length) out = a.pairs = grownArray(out, 2 * out.length);
      if (self && j < i) {
        out[found++] = j;
        out[found++] = i;
      } else {
        out[found++] = i;
        out[found++] = j;
      }
    }
  }
  return found;
}

/** Whether box A[o..o+6) and box B[q..q+6) (min xyz, max xyz) are apart: the closed overlap test, negated. */
function boxesApart(A: Float64Array, o: number, B: Float64Array, q: number): boolean {
  return A[o] > B[q + 3] || A[o + 1] > B[q + 4] || A[o + 2] > B[q + 5] || A[o + 3] < B[q] || A[o + 4] < B[q + 1] || A[o + 5] < B[q + 2];
}

/** Whether node b is listed under node a (a short list: a linear scan). */
function listed(offsets: Uint32Array, nodes: Uint32Array, a: number, b: number): boolean {
  for (let k = offsets[a], end = offsets[a + 1]; k < end; k++) if (nodes[k] === b) return true;
  return false;
}
