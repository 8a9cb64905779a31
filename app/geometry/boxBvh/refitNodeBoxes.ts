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
    let x0 = Infinity,
      y0 = Infinity,
      z0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity,
      z1 = -Infinity;
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
