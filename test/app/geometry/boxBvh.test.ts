import { describe, expect, it } from 'vitest';
import { boxBvh } from '../../../app/geometry/index.ts';
import { randomBoxes, randomTree } from './randomBoxes.ts';

const overlaps = (a: Float64Array, i: number, b: Float64Array, j: number) =>
  [0, 1, 2].every((axis) => a[6 * i + axis] <= b[6 * j + 3 + axis] && b[6 * j + axis] <= a[6 * i + 3 + axis]);

/** Brute force: the keys "i,j" of every box i of a and j of b that overlap and that `keep` keeps, sorted. */
function overlappingKeys(a: Float64Array, countA: number, b: Float64Array, countB: number, keep = (_i: number, _j: number) => true): string[] {
  const keys: string[] = [];
  for (let i = 0; i < countA; i++) for (let j = 0; j < countB; j++) if (keep(i, j) && overlaps(a, i, b, j)) keys.push(`${i},${j}`);
  return keys.sort();
}

function pairKeys(pairs: Uint32Array, count: number): string[] {
  const keys: string[] = [];
  for (let k = 0; k < count; k++) keys.push(`${pairs[2 * k]},${pairs[2 * k + 1]}`);
  return keys.sort();
}

describe('boxBvh.overlapPairs', () => {
  it('finds every overlapping pair of two trees exactly once, as brute force does', () => {
    const { boxes: a, tree: treeA } = randomTree(300, 0.15, 7);
    const { boxes: b, tree: treeB } = randomTree(450, 0.12, 11);
    const expected = overlappingKeys(a, 300, b, 450);
    const found = treeA.overlapPairs(treeB);
    expect(expected.length, 'the random boxes overlap somewhere (the test tests something)').toBeGreaterThan(100);
    expect(pairKeys(treeA.pairs, found), 'pairs of two trees = brute force, none repeated').toEqual(expected);
  });

  it('finds every overlapping pair of a tree with itself once, lower index first, never a box with itself, after refits', () => {
    const boxes = randomBoxes(500, 0.06, 3);
    const tree = boxBvh(4);
    for (let build = 0; build < 6; build++) {
      // Moving boxes: refits between rebuilds must keep the answers exact.
      for (let k = 0; k < boxes.length; k++) boxes[k] += 0.01 * Math.sin(build + k);
      tree.build(boxes, 500);
      const expected = overlappingKeys(boxes, 500, boxes, 500, (i, j) => i < j);
      const found = tree.overlapPairs(tree);
      expect(pairKeys(tree.pairs, found), `self pairs = brute force i < j (build ${build})`).toEqual(expected);
    }
  });

  it('with marked nodes, finds every overlapping pair that has a marked box (and no pair that overlaps nowhere), after refitBoxes', () => {
    const { boxes: a, tree: treeA } = randomTree(300, 0.1, 5);
    const { boxes: b, tree: treeB } = randomTree(400, 0.1, 9);
    const version = treeB.tree.version;
    // Some of b's boxes move elsewhere (new boxes, the same items): refitBoxes, given the nodes of the moved boxes,
    // refits those and keeps the tree's shape and version.
    const moved = Float64Array.from(b);
    const changed = new Uint8Array(400);
    for (let j = 0; j < 400; j += 7) {
      changed[j] = 1;
      for (let k = 0; k < 6; k++) moved[6 * j + k] = 1 - b[6 * j + ((k + 3) % 6)];
    }
    treeB.refitBoxes(moved, treeB.markNodes(changed, null, new Uint8Array(0)));
    expect(treeB.tree.version, 'refitBoxes is not a rebuild').toBe(version);
    const flagsA = new Uint8Array(300);
    const flagsB = new Uint8Array(400);
    for (let i = 0; i < 300; i += 5) flagsA[i] = 1;
    for (let j = 0; j < 400; j += 7) flagsB[j] = 1;
    const marked = { first: treeA.markNodes(flagsA, null, new Uint8Array(0)), second: treeB.markNodes(flagsB, null, new Uint8Array(0)) };
    const expected = overlappingKeys(a, 300, moved, 400, (i, j) => flagsA[i] === 1 || flagsB[j] === 1);
    const found = treeA.overlapPairs(treeB, undefined, marked);
    const keys = pairKeys(treeA.pairs, found);
    const withMarked = keys.filter((key) => {
      const [i, j] = key.split(',').map(Number);
      return flagsA[i] === 1 || flagsB[j] === 1;
    });
    expect(expected.length, 'marked boxes overlap others (the test tests something)').toBeGreaterThan(30);
    expect(withMarked, 'the pairs with a marked box = brute force over the moved boxes').toEqual(expected);
    for (const key of keys) {
      const [i, j] = key.split(',').map(Number);
      expect(overlaps(a, i, moved, j), `pair ${key} overlaps`).toBe(true);
    }
    const all = treeA.overlapPairs(treeB);
    expect(found, 'node pairs without a marked box were skipped').toBeLessThan(all);
    expect(pairKeys(treeA.pairs, all), 'after the partial refit, every pair = brute force over the moved boxes').toEqual(overlappingKeys(a, 300, moved, 400));
  });

  it('answers nothing for an empty tree', () => {
    const empty = boxBvh();
    empty.build(new Float64Array(0), 0);
    const full = boxBvh();
    full.build(randomBoxes(10, 0.5, 1), 10);
    expect(empty.overlapPairs(full), 'an empty tree has no pairs').toBe(0);
    expect(full.overlapPairs(empty), 'nothing overlaps an empty tree').toBe(0);
  });
});
