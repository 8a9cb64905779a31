import { grownArray } from '../../math/index.ts';
import { boxesApart } from './boxesApart.ts';
import type { CheckerMeshData, LeafPairBuffers } from './types.ts';

/**
 * The pairs of leaves of two trees whose boxes overlap (one tree against itself when self: each unordered pair once,
 * a leaf with itself included), written to `buffers.leafPairs` as (leaf of A, leaf of B): a dual traversal with an
 * explicit stack (`buffers.stack`), splitting the node with more triangles. With `incremental`, node pairs where
 * neither node holds a moved triangle are skipped. Either buffer is replaced by a larger one when it runs out.
 *
 * @returns the number of leaf pairs
 */
export function overlappingLeaves(A: CheckerMeshData, B: CheckerMeshData, self: boolean, incremental: boolean, buffers: LeafPairBuffers): number {
  const treeA = A.tree!.tree,
    treeB = B.tree!.tree;
  if (treeA.nodeCount === 0 || treeB.nodeCount === 0) return 0;
  const firstChildA = treeA.firstChild,
    itemCountA = treeA.itemCount,
    boxesA = treeA.nodeBoxes;
  const firstChildB = treeB.firstChild,
    itemCountB = treeB.itemCount,
    boxesB = treeB.nodeBoxes;
  const movedNodeA = A.movedNode,
    movedNodeB = B.movedNode;
  let stack = buffers.stack;
  let out = buffers.leafPairs;
  let count = 0;
  let top = 0;
  stack[top++] = 0;
  stack[top++] = 0;
  while (top > 0) {
    const nb = stack[--top];
    const na = stack[--top];
    const childA = firstChildA[na];
    if (self && na === nb) {
      if (incremental && movedNodeA[na] === 0) continue;
      if (childA < 0) {
        out = withLeafPair(out, count++, na, na);
        continue;
      }
      if (top + 6 > stack.length) stack = grownArray(stack, 2 * stack.length);
      stack[top++] = childA;
      stack[top++] = childA;
      stack[top++] = childA + 1;
      stack[top++] = childA + 1;
      stack[top++] = childA;
      stack[top++] = childA + 1;
      continue;
    }
    if (incremental && movedNodeA[na] === 0 && movedNodeB[nb] === 0) continue;
    if (boxesApart(boxesA, 6 * na, boxesB, 6 * nb) !== 0) continue;
    const childB = firstChildB[nb];
    if (childA < 0 && childB < 0) {
      out = withLeafPair(out, count++, na, nb);
      continue;
    }
    if (top + 4 > stack.length) stack = grownArray(stack, 2 * stack.length);
    if (childB < 0 || (childA >= 0 && itemCountA[na] >= itemCountB[nb])) {
      stack[top++] = childA;
      stack[top++] = nb;
      stack[top++] = childA + 1;
      stack[top++] = nb;
    } else {
      stack[top++] = na;
      stack[top++] = childB;
      stack[top++] = na;
      stack[top++] = childB + 1;
    }
  }
  buffers.stack = stack;
  buffers.leafPairs = out;
  return count;
}

/** out with the leaf pair (a, b) as its pair `count`: out itself, or a larger copy when it is full. */
function withLeafPair(out: Int32Array, count: number, a: number, b: number): Int32Array {
  if (2 * count + 2 > out.length) out = grownArray(out, 2 * out.length);
  out[2 * count] = a;
  out[2 * count + 1] = b;
  return out;
}
