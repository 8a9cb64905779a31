import { describe, expect, it } from 'vitest';
import { boxBvhData } from '../../../app/geometry/boxBvh/boxBvhData.ts';
import { markedNodes } from '../../../app/geometry/boxBvh/markedNodes.ts';
import { medianSplitTopology } from '../../../app/geometry/boxBvh/medianSplitTopology.ts';
import { overlappingBoxes } from '../../../app/geometry/boxBvh/overlappingBoxes.ts';
import { refitNodeBoxes } from '../../../app/geometry/boxBvh/refitNodeBoxes.ts';
import type { BoxBvhData } from '../../../app/geometry/boxBvh/types.ts';
import { random } from '../../helpers/random.ts';
import { randomBoxes } from './randomBoxes.ts';

/** A tree built by the steps the driver runs: topology, then node boxes. */
function builtTree(boxes: Float64Array, count: number): BoxBvhData {
  const d = boxBvhData(16);
  d.boxes = boxes;
  medianSplitTopology(d, count);
  refitNodeBoxes(d);
  return d;
}

/** The items under a node, from its range. */
const itemsOf = (d: BoxBvhData, node: number) => Array.from(d.items.subarray(d.itemStart[node], d.itemStart[node] + d.itemCount[node]));

/** The union of the boxes of `items`, as [min xyz, max xyz]. */
function unionOf(boxes: Float64Array, items: number[]): number[] {
  const out = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (const i of items) {
    for (let axis = 0; axis < 3; axis++) {
      out[axis] = Math.min(out[axis], boxes[6 * i + axis]);
      out[3 + axis] = Math.max(out[3 + axis], boxes[6 * i + 3 + axis]);
    }
  }
  return out;
}

describe('boxBvh steps', () => {
  it('medianSplitTopology: every item in exactly one leaf of at most 4, children after their parent splitting its range in halves', () => {
    for (const count of [1, 4, 5, 37, 500]) {
      const d = builtTree(randomBoxes(count, 0.05, count), count);
      expect(
        itemsOf(d, 0).sort((a, b) => a - b),
        `${count} boxes: the root holds every item once`,
      ).toEqual(Array.from({ length: count }, (_, i) => i));
      let leafItems = 0;
      for (let node = 0; node < d.nodeCount; node++) {
        const child = d.firstChild[node];
        if (child < 0) {
          expect(d.itemCount[node], `${count} boxes: leaf ${node} holds 1 to 4 items`).toBeGreaterThan(0);
          expect(d.itemCount[node], `${count} boxes: leaf ${node} holds 1 to 4 items`).toBeLessThanOrEqual(4);
          leafItems += d.itemCount[node];
          continue;
        }
        expect(child, `${count} boxes: node ${node}'s children come after it (a reverse sweep is bottom-up)`).toBeGreaterThan(node);
        expect(d.itemStart[child], `${count} boxes: node ${node}'s first child starts its range`).toBe(d.itemStart[node]);
        expect(d.itemStart[child + 1], `${count} boxes: the second child follows the first`).toBe(d.itemStart[node] + d.itemCount[child]);
        expect(d.itemCount[child] + d.itemCount[child + 1], `${count} boxes: the children split node ${node}'s items`).toBe(d.itemCount[node]);
        expect(d.itemCount[child], `${count} boxes: a median split`).toBe(d.itemCount[node] >>> 1);
      }
      expect(leafItems, `${count} boxes: the leaves hold every item once`).toBe(count);
    }
  });

  it('refitNodeBoxes: each node box is the exact union of its items; with changed flags, only flagged nodes move', () => {
    const count = 300;
    const boxes = randomBoxes(count, 0.05, 7);
    const d = builtTree(boxes, count);
    for (let node = 0; node < d.nodeCount; node++) {
      expect(Array.from(d.nodeBoxes.subarray(6 * node, 6 * node + 6)), `node ${node} is the union of its items' boxes`).toEqual(
        unionOf(boxes, itemsOf(d, node)),
      );
    }
    // Move item 0's box and the box of an item in another leaf, flag only item 0: the nodes holding only the other
    // item must keep their stale boxes (a refit of every node would move them).
    const leafOf = (item: number) => {
      for (let node = 0; node < d.nodeCount; node++) if (d.firstChild[node] < 0 && itemsOf(d, node).includes(item)) return node;
      return -1;
    };
    const other = Array.from({ length: count }, (_, i) => i).find((i) => leafOf(i) !== leafOf(0))!;
    const moved = boxes.slice();
    for (let k = 0; k < 6; k++) {
      moved[k] += 0.5;
      moved[6 * other + k] += 0.5;
    }
    const flags = new Uint8Array(count);
    flags[0] = 1;
    const changed = markedNodes(d, flags, null, new Uint8Array(0));
    const before = d.nodeBoxes.slice();
    d.boxes = moved;
    refitNodeBoxes(d, changed);
    for (let node = 0; node < d.nodeCount; node++) {
      const box = Array.from(d.nodeBoxes.subarray(6 * node, 6 * node + 6));
      if (changed[node]) expect(box, `node ${node} (holds item 0) is refit to its items' union`).toEqual(unionOf(moved, itemsOf(d, node)));
      else expect(box, `node ${node} (not flagged) keeps its box`).toEqual(Array.from(before.subarray(6 * node, 6 * node + 6)));
    }
    const otherLeaf = leafOf(other);
    expect(changed[otherLeaf], "the other item's leaf is not flagged").toBe(0);
    expect(Array.from(d.nodeBoxes.subarray(6 * otherLeaf, 6 * otherLeaf + 6)), 'so its box is stale, not the union of its moved items').not.toEqual(
      unionOf(moved, itemsOf(d, otherLeaf)),
    );
  });

  it('markedNodes: a node is marked exactly when it holds a flagged item, through the list when one is given', () => {
    const count = 200;
    const d = builtTree(randomBoxes(count, 0.05, 11), count);
    const flags = new Uint8Array(2 * count);
    const list = Uint32Array.from({ length: count }, (_, i) => 2 * i + 1);
    for (const i of [3, 77, 150]) flags[list[i]] = 1;
    const out = markedNodes(d, flags, list, new Uint8Array(1));
    expect(out.length, 'grown to the node count').toBeGreaterThanOrEqual(d.nodeCount);
    for (let node = 0; node < d.nodeCount; node++) {
      const holds = itemsOf(d, node).some((i) => flags[list[i]] === 1);
      expect(out[node], `node ${node}`).toBe(holds ? 1 : 0);
    }
  });

  it('overlappingBoxes: every box overlapping the query box, each once, as brute force finds them', () => {
    const count = 400;
    const boxes = randomBoxes(count, 0.08, 3);
    const d = builtTree(boxes, count);
    const next = random(5);
    for (let q = 0; q < 50; q++) {
      const lo = [next(), next(), next()],
        size = 0.2 * next();
      const found = overlappingBoxes(d, lo[0], lo[1], lo[2], lo[0] + size, lo[1] + size, lo[2] + size);
      const got = Array.from(d.candidates.subarray(0, found)).sort((a, b) => a - b);
      const expected: number[] = [];
      for (let i = 0; i < count; i++) {
        if ([0, 1, 2].every((axis) => boxes[6 * i + axis] <= lo[axis] + size && lo[axis] <= boxes[6 * i + 3 + axis])) expected.push(i);
      }
      expect(got, `query ${q}`).toEqual(expected);
    }
  });
});
