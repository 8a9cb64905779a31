import type { BoxBvhData } from './types.ts';

/**
 * Node boxes bottom-up from the item boxes d.boxes (children have larger preorder indices than their parent: one
 * reverse pass); with `changed`, only the nodes flagged there. The topology stays as it is.
 *
 * @param d        the tree's struct (nodeBoxes written)
 * @param changed  optional #N flags (markNodes of the items whose boxes changed): 0 keeps the node's box
 */
export function refitNodeBoxes(d: BoxBvhData, changed?: Uint8Array): void {
  const boxes = d.boxes,
    nodeBoxes = d.nodeBoxes,
    firstChild = d.firstChild,
    items = d.items,
    itemStart = d.itemStart,
    itemCount = d.itemCount;
  for (let node = d.nodeCount - 1; node >= 0; node--) {
    if (changed !== undefined && changed[node] === 0) continue;
    const o = 6 * node;
    nodeBoxes.fill(Infinity, o, o + 3);
    nodeBoxes.fill(-Infinity, o + 3, o + 6);
    const child = firstChild[node];
    if (child < 0) {
      for (let k = itemStart[node], end = itemStart[node] + itemCount[node]; k < end; k++) includeBox(nodeBoxes, o, boxes, 6 * items[k]);
    } else {
      includeBox(nodeBoxes, o, nodeBoxes, 6 * child);
      includeBox(nodeBoxes, o, nodeBoxes, 6 * child + 6);
    }
  }
}

/** Grows box out[o..o+6) (min xyz, max xyz) to hold box[q..q+6); a NaN coordinate is passed over. */
function includeBox(out: Float64Array, o: number, box: Float64Array, q: number): void {
  if (box[q] < out[o]) out[o] = box[q];
  if (box[q + 1] < out[o + 1]) out[o + 1] = box[q + 1];
  if (box[q + 2] < out[o + 2]) out[o + 2] = box[q + 2];
  if (box[q + 3] > out[o + 3]) out[o + 3] = box[q + 3];
  if (box[q + 4] > out[o + 4]) out[o + 4] = box[q + 4];
  if (box[q + 5] > out[o + 5]) out[o + 5] = box[q + 5];
}
