// addedPairs (app/intersection/addedPairs.ts): the pairs one check's list has and another's has not, against a
// brute-force set difference, and on two real checks of a sheet pushed through another.
import { describe, expect, it } from 'vitest';
import { addedPairs, intersectionChecker } from '../../../app/intersection/index.ts';

/** A random sorted, duplicate-free pair list drawn from a small range (so that two lists share pairs). */
function randomList(random: () => number, count: number): number[] {
  const keys = new Set<string>();
  while (keys.size < count) keys.add([0, 1, 0, 1].map((m) => Math.floor(random() * (m ? 12 : 2))).join(','));
  return [...keys]
    .map((k) => k.split(',').map(Number))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3])
    .flat();
}

describe('addedPairs', () => {
  it('finds exactly the pairs of the list that are not in the reference (random lists against a set difference)', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round++) {
      const list = randomList(random, Math.floor(random() * 40));
      const reference = randomList(random, Math.floor(random() * 40));
      const inReference = new Set<string>();
      for (let j = 0; j < reference.length; j += 4) inReference.add(reference.slice(j, j + 4).join(','));
      const expected: number[] = [];
      for (let i = 0; i < list.length; i += 4) if (!inReference.has(list.slice(i, i + 4).join(','))) expected.push(i);
      expect(addedPairs(list, reference), `round ${round}`).toEqual(expected);
    }
    expect(addedPairs([], [0, 1, 0, 2]), 'an empty list adds nothing').toEqual([]);
    expect(addedPairs([0, 1, 0, 2], []), 'against an empty reference every pair is added').toEqual([0]);
  });

  it('on two checks of a sheet pushed further through another: the new crossings only', () => {
    // Two 4×4 grids: A in z = 0, B in the plane x = 1.5 crossing it (B's rows at z = −0.5 … 1.0). Pushed 1 cell along
    // x, B crosses A's next column of triangles instead, and the pairs there are new.
    const grid = (origin: number[], u: number[], v: number[], offset: number) => {
      const positions: number[] = [];
      const triangles: number[] = [];
      for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) positions.push(...origin.map((o, c) => o + i * u[c] + j * v[c]));
      for (let j = 0; j < 3; j++)
        for (let i = 0; i < 3; i++) {
          const a = offset + 4 * j + i;
          triangles.push(a, a + 1, a + 5, a, a + 5, a + 4);
        }
      return { positions, triangles };
    };
    const a = grid([0, 0, 0], [1, 0, 0], [0, 1, 0], 0);
    const b = grid([1.5, 0.2, -0.5], [0, 0.9, 0], [0, 0, 0.5], 16);
    const triangles = Uint32Array.from([...a.triangles, ...b.triangles]);
    const checker = intersectionChecker([{ name: 'sheets', triangles, vertexCount: 32 }]);
    const before = Float64Array.from([...a.positions, ...b.positions]);
    const after = Float64Array.from(before);
    for (let v = 16; v < 32; v++) after[3 * v] += 1;
    const first = checker.check([before], { listPairs: true });
    const second = checker.check([after], { listPairs: true });
    expect(first.total, 'B crosses A before').toBeGreaterThan(0);
    const added = addedPairs(second.pairList, first.pairList);
    const inFirst = new Set<string>();
    for (let j = 0; j < first.pairList.length; j += 4) inFirst.add(first.pairList.slice(j, j + 4).join(','));
    expect(added.length, 'some pairs are new after the push').toBeGreaterThan(0);
    for (let i = 0; i < second.pairList.length; i += 4) {
      const key = second.pairList.slice(i, i + 4).join(',');
      expect(added.includes(i), `pair ${key}: added exactly when the first check does not have it`).toBe(!inFirst.has(key));
    }
  });
});
