import { describe, expect, it } from 'vitest';
import { boxBvh, type BoxBvhTree } from '../../../app/geometry/index.ts';
import { localNodePairs, NO_CORNER, type LocalNodes } from '../../../app/contact/localNodePairs.ts';

// A 10 × 10 grid of 1 cm cells folded into a U (two sheets 6 mm apart joined by a bend), and a loose triangle near one
// sheet marked as an obstacle's (no corners): local pairs, far pairs of the two sheets, and never-local pairs.
const n = 10;
const cell = 0.01;
const positions: number[] = [];
for (let j = 0; j <= n; j++) {
  for (let i = 0; i <= n; i++) {
    // x runs along the sheet; past the middle the grid turns back above itself (a half circle of radius 3 mm).
    const s = i * cell;
    const half = (n / 2) * cell;
    const bend = 0.003;
    if (s <= half) positions.push(s, 0, j * cell);
    else {
      const angle = Math.min(Math.PI, (s - half) / bend);
      const past = s - half - Math.PI * bend;
      positions.push(past > 0 ? half - past : half + bend * Math.sin(angle), past > 0 ? 2 * bend : bend * (1 - Math.cos(angle)), j * cell);
    }
  }
}
const P = positions.length / 3;
const triangles: number[] = [];
for (let j = 0; j < n; j++) {
  for (let i = 0; i < n; i++) {
    const a = j * (n + 1) + i;
    triangles.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
  }
}
const edgeSet = new Map<string, [number, number]>();
for (let t = 0; t < triangles.length; t += 3) {
  for (let k = 0; k < 3; k++) {
    const u = triangles[t + k],
      v = triangles[t + ((k + 1) % 3)];
    edgeSet.set(`${Math.min(u, v)},${Math.max(u, v)}`, [Math.min(u, v), Math.max(u, v)]);
  }
}
const edges = [...edgeSet.values()];
const K = 2;

/** Ring distances of every pair of points (breadth-first over the edges). */
const ringDistance: number[][] = (() => {
  const neighbours: number[][] = Array.from({ length: P }, () => []);
  for (const [u, v] of edges) {
    neighbours[u].push(v);
    neighbours[v].push(u);
  }
  return Array.from({ length: P }, (_, p) => {
    const distance = new Array<number>(P).fill(Infinity);
    distance[p] = 0;
    const queue = [p];
    for (let q = 0; q < queue.length; q++) {
      for (const w of neighbours[queue[q]]) {
        if (distance[w] !== Infinity) continue;
        distance[w] = distance[queue[q]] + 1;
        queue.push(w);
      }
    }
    return distance;
  });
})();
const rings = (() => {
  const offsets = new Uint32Array(P + 1);
  const list: number[] = [];
  for (let p = 0; p < P; p++) {
    for (let q = 0; q < P; q++) if (ringDistance[p][q] <= K) list.push(q);
    offsets[p + 1] = list.length;
  }
  return { offsets, points: Uint32Array.from(list) };
})();

/** Local: some corner of one within K rings of some corner of the other (an obstacle's item has no corner: never). */
const local = (a: number[], b: number[]) => a.some((u) => u !== NO_CORNER && b.some((v) => v !== NO_CORNER && ringDistance[u][v] <= K));

const boxesOf = (items: number[][], grow: number) => {
  const boxes = new Float64Array(6 * items.length);
  items.forEach((corners, i) => {
    for (let axis = 0; axis < 3; axis++) {
      const values = corners.map((c) => (c === NO_CORNER ? obstacle[axis] : positions[3 * c + axis]));
      boxes[6 * i + axis] = Math.min(...values) - grow;
      boxes[6 * i + 3 + axis] = Math.max(...values) + grow;
    }
  });
  return boxes;
};
const obstacle = [0.02, 0.001, 0.02];

const under = (tree: BoxBvhTree, node: number) => Array.from(tree.items.subarray(tree.itemStart[node], tree.itemStart[node] + tree.itemCount[node]));
const isListed = (list: LocalNodes, x: number, y: number) => Array.from(list.nodes.subarray(list.offsets[x], list.offsets[x + 1])).includes(y);

describe('localNodePairs', () => {
  const cases: Array<{ name: string; first: number[][]; second: number[][]; grow: number }> = [
    // Points (one corner; the last one an obstacle's) against triangles (three; the last one an obstacle's).
    {
      name: 'points × triangles',
      first: [...Array.from({ length: P }, (_, p) => [p]), [NO_CORNER]],
      second: [...Array.from({ length: triangles.length / 3 }, (_, t) => triangles.slice(3 * t, 3 * t + 3)), [NO_CORNER, NO_CORNER, NO_CORNER]],
      grow: 0.008,
    },
    { name: 'edges × edges', first: edges, second: edges, grow: 0.008 },
  ];
  for (const { name, first, second, grow } of cases) {
    it(`${name}: lists a node pair exactly when every item pair under it is local`, () => {
      const a = boxBvh(),
        b = boxBvh();
      a.build(boxesOf(first, 0), first.length);
      const same = first === second;
      if (!same) b.build(boxesOf(second, grow), second.length);
      const tb = same ? a.tree : b.tree;
      const out = localNodePairs(P, rings.offsets, rings.points).update(
        { tree: a.tree, corners: Uint32Array.from(first.flatMap((c) => c)), stride: first[0].length },
        { tree: tb, corners: Uint32Array.from(second.flatMap((c) => c)), stride: second[0].length },
        { offsets: new Uint32Array(0), nodes: new Uint32Array(0) },
      );
      let listedPairs = 0,
        localPairs = 0,
        mixed = 0;
      for (let x = 0; x < a.tree.nodeCount; x++) {
        const xs = under(a.tree, x);
        for (let y = 0; y < tb.nodeCount; y++) {
          const allLocal = xs.every((i) => under(tb, y).every((j) => local(first[i], second[j])));
          const listed = isListed(out, x, y);
          if (listed !== allLocal) expect.fail(`nodes ${x} × ${y}: listed ${listed}, all pairs local ${allLocal}`);
          if (listed) listedPairs++;
          if (allLocal) localPairs++;
          else mixed++;
        }
      }
      expect(listedPairs, 'some node pairs hold only local pairs').toBeGreaterThan(0);
      expect(localPairs).toBe(listedPairs);
      expect(mixed, 'some do not').toBeGreaterThan(0);
    });

    it(`${name}: overlapPairs with the list gives the pairs it gave without, less the local ones, in the same order`, () => {
      const a = boxBvh(),
        b = boxBvh();
      const same = first === second;
      a.build(same ? boxesOf(first, grow / 2) : boxesOf(first, 0), first.length);
      const other = same ? a : b;
      if (!same) b.build(boxesOf(second, grow), second.length);
      const all = a.overlapPairs(other);
      const expected: string[] = [];
      for (let k = 0; k < all; k++) {
        const i = a.pairs[2 * k],
          j = a.pairs[2 * k + 1];
        if (!local(first[i], second[j])) expected.push(`${i},${j}`);
      }
      const out = localNodePairs(P, rings.offsets, rings.points).update(
        { tree: a.tree, corners: Uint32Array.from(first.flatMap((c) => c)), stride: first[0].length },
        { tree: other.tree, corners: Uint32Array.from(second.flatMap((c) => c)), stride: second[0].length },
        { offsets: new Uint32Array(0), nodes: new Uint32Array(0) },
      );
      const found = a.overlapPairs(other, out);
      const kept: string[] = [];
      let localKept = 0;
      for (let k = 0; k < found; k++) {
        const i = a.pairs[2 * k],
          j = a.pairs[2 * k + 1];
        if (local(first[i], second[j])) localKept++;
        else kept.push(`${i},${j}`);
      }
      expect(expected.length, 'the two sheets make non-local pairs').toBeGreaterThan(0);
      expect(kept, 'every non-local pair, in the order of the walk without the list').toEqual(expected);
      expect(localKept, 'fewer local pairs walked').toBeLessThan(all - expected.length);
    });
  }
});
