// unionFind: the sets after random merges are the connected components a breadth-first search finds, and every
// root is the smallest member of its set (so numbering by roots does not depend on the merge order).
import { describe, expect, it } from 'vitest';
import { unionFindMerge, unionFindRoot } from '../../../app/math/index.ts';
import { random } from './sparse/helpers.ts';

describe('unionFind', () => {
  it('finds the components of random graphs, each rooted at its smallest member', () => {
    const next = random(11);
    for (let trial = 0; trial < 20; trial++) {
      const n = 200;
      const edges: [number, number][] = Array.from({ length: 150 }, () => [Math.floor(n * next()), Math.floor(n * next())]);
      const parent = Int32Array.from({ length: n }, (_, i) => i);
      for (const [a, b] of edges) unionFindMerge(parent, a, b);
      // Reference: breadth-first search over the same edges.
      const neighbours: number[][] = Array.from({ length: n }, () => []);
      for (const [a, b] of edges) {
        neighbours[a].push(b);
        neighbours[b].push(a);
      }
      const smallest = new Int32Array(n).fill(-1);
      for (let start = 0; start < n; start++) {
        if (smallest[start] >= 0) continue;
        const queue = [start];
        smallest[start] = start;
        while (queue.length > 0) {
          const v = queue.pop()!;
          for (const w of neighbours[v]) {
            if (smallest[w] >= 0) continue;
            smallest[w] = start;
            queue.push(w);
          }
        }
      }
      const roots = Array.from({ length: n }, (_, v) => unionFindRoot(parent, v));
      expect(roots, `trial ${trial}: root = smallest vertex of the component`).toEqual(Array.from(smallest));
    }
  });
});
