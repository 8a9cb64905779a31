import type { BoxBvhData } from './types.ts';

/**
 * 1 for each node holding an item i with flags[list[i]] = 1 (list null: flags[i]), else 0: one reverse pass over the
 * nodes (children after parents).
 *
 * @param d      the tree's struct (built)
 * @param flags  per-item flags (through `list` when given)
 * @param list   optional map from item index to flag index
 * @param out    ≥ #N flags written (replaced by a larger array when shorter)
 * @returns out, or the larger array that replaced it
 */
export function markedNodes(d: BoxBvhData, flags: Uint8Array, list: Uint32Array | null, out: Uint8Array): Uint8Array {
  const nodeCount = d.nodeCount,
    firstChild = d.firstChild,
    itemStart = d.itemStart,
    itemCount = d.itemCount,
    items = d.items;
  if (out.length < nodeCount) out = new Uint8Array(Math.max(nodeCount, 2 * out.length));
  for (let node = nodeCount - 1; node >= 0; node--) {
    const child = firstChild[node];
    let mark = 0;
    if (child >= 0) mark = out[child] | out[child + 1];
    else
      for (let k = itemStart[node], end = itemStart[node] + itemCount[node]; k < end && mark === 0; k++)
        mark = flags[list === null ? items[k] : list[items[k]]];
    out[node] = mark;
  }
  return out;
}
