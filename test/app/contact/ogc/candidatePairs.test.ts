import { describe, expect, it } from 'vitest';
import { candidatePairs } from '../../../../app/contact/ogc/candidatePairs.ts';
import { bruteForcePairs, soup, soupState } from './soup.ts';

/** The lists as a set of "first:second" keys (each edge pair under either order). */
function listed(lists: { offsets: Uint32Array; pairs: Uint32Array }, items: number): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < items; i++) for (let q = lists.offsets[i]; q < lists.offsets[i + 1]; q++) keys.add(`${i}:${lists.pairs[q]}`);
  return keys;
}

describe('candidatePairs: the broad phase against a brute-force search on random soups', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: lists exactly the point–triangle and edge–edge pairs within D = r_q + 2m that share no point, each edge pair once`, () => {
      const mesh = soup(seed);
      const state = soupState(mesh, 0.03);
      candidatePairs(state);
      const { P, T, E, triangles, edges, points, searchRadius: D } = state;
      const expectedPoint = new Set<string>();
      const expectedEdge = new Set<string>();
      bruteForcePairs(
        points.subarray(0, 3 * P),
        triangles.subarray(0, 3 * T),
        edges.subarray(0, 2 * E),
        (p, t, _, distance2) => distance2 < D * D && expectedPoint.add(`${p}:${t}`),
        (e, f, _, distance2) => distance2 < D * D && expectedEdge.add(`${e}:${f}`),
      );
      const gotPoint = listed(state.pointPairs, P);
      expect(expectedPoint.size, 'the soup has point–triangle pairs within D (the test tests something)').toBeGreaterThan(20);
      expectSameKeys(expectedPoint, gotPoint, 'point–triangle pairs');

      const gotEdge = new Set<string>();
      let listedTwice = 0;
      for (const key of listed(state.edgePairs, E)) {
        const [e, f] = key.split(':').map(Number);
        const canonical = `${Math.min(e, f)}:${Math.max(e, f)}`;
        if (gotEdge.has(canonical)) listedTwice++;
        gotEdge.add(canonical);
      }
      expect(expectedEdge.size, 'the soup has edge pairs within D').toBeGreaterThan(20);
      expect(listedTwice, 'edge pairs listed under both edges').toBe(0);
      expectSameKeys(expectedEdge, gotEdge, 'edge pairs');
    });
  }
});

/** The search listed exactly the brute force's pairs: none missed, none extra. */
function expectSameKeys(expected: Set<string>, got: Set<string>, what: string): void {
  expect(
    [...expected].filter((k) => !got.has(k)),
    `${what} within D that the search missed`,
  ).toEqual([]);
  expect(
    [...got].filter((k) => !expected.has(k)),
    `listed ${what} that are not within D or share a point`,
  ).toEqual([]);
}
