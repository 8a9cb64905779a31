import { grownArray } from '../../math/index.ts';
import type { BoxBvhData } from './types.ts';

/**
 * Every box of the tree that overlaps the closed query box (exact box test, each box once), by a walk with an
 * explicit stack: their indices are written to d.candidates[0 .. returned count).
 *
 * @param d  the tree's struct (built); d.stack and d.candidates grow as needed
 * @returns the number of boxes found
 */
export function overlappingBoxes(d: BoxBvhData, minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number): number {
  let found = 0;
  if (d.nodeCount === 0) return 0;
  const nodeBoxes = d.nodeBoxes,
    firstChild = d.firstChild,
    items = d.items,
    itemStart = d.itemStart,
    itemCount = d.itemCount,
    boxes = d.boxes;
  let stack = d.stack;
  let candidates = d.candidates;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top];
    const o = 6 * node;
    if (
      nodeBoxes[o] > maxX ||
      nodeBoxes[o + 1] > maxY ||
      nodeBoxes[o + 2] > maxZ ||
      nodeBoxes[o + 3] < minX ||
      nodeBoxes[o + 4] < minY ||
      nodeBoxes[o + 5] < minZ
    )
      continue;
    const child = firstChild[node];
    if (child >= 0) {
      if (top + 2 > stack.length) stack = d.stack = grownArray(stack, 2 * stack.length);
      stack[top++] = child + 1;
      stack[top++] = child;
      continue;
    }
    for (let k = itemStart[node], end = itemStart[node] + itemCount[node]; k < end; k++) {
      const i = items[k];
      const b = 6 * i;
      if (boxes[b] > maxX || boxes[b + 1] > maxY || boxes[b + 2] > maxZ || boxes[b + 3] < minX || boxes[b + 4] < minY || boxes[b + 5] < minZ) continue;
      if (found === candidates.length) candidates = d.candidates = grownArray(candidates, 2 * found);
      candidates[found++] = i;
    }
  }
  return found;
}
