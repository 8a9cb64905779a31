// repairPatch: the part of the surface a repair simulates is every vertex within rings + HELD_RINGS edges of the new
// pairs' surface corners, each labelled with its graph distance to them; checked against a brute-force breadth-first
// distance on a grid surface.
import { describe, expect, it } from 'vitest';
import { HELD_RINGS, repairPatch } from '../../../../app/contact/repair/repairPatch.ts';
import { surfaceRepairState } from '../../../../app/contact/repair/surfaceRepairState.ts';

/** An n×n vertex grid in z = 0, two triangles a cell. */
function grid(n: number) {
  const positions = new Float64Array(3 * n * n);
  const triangles: number[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) positions.set([i, j, 0], 3 * (j * n + i));
  for (let j = 0; j + 1 < n; j++) {
    for (let i = 0; i + 1 < n; i++) {
      const a = j * n + i;
      triangles.push(a, a + 1, a + n + 1, a, a + n + 1, a + n);
    }
  }
  return { positions, triangles: Uint32Array.from(triangles) };
}

/** Edge distance of every vertex to the nearest seed (Infinity when unreachable), by breadth-first search. */
function distances(triangles: Uint32Array, vertexCount: number, seeds: number[]): number[] {
  const adjacent: Set<number>[] = Array.from({ length: vertexCount }, () => new Set());
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      adjacent[triangles[t + k]].add(triangles[t + ((k + 1) % 3)]);
      adjacent[triangles[t + ((k + 1) % 3)]].add(triangles[t + k]);
    }
  }
  const d = new Array<number>(vertexCount).fill(Infinity);
  let level = [...new Set(seeds)];
  for (const s of level) d[s] = 0;
  for (let k = 1; level.length > 0; k++) {
    const next: number[] = [];
    for (const v of level) {
      for (const w of adjacent[v]) {
        if (d[w] !== Infinity) continue;
        d[w] = k;
        next.push(w);
      }
    }
    level = next;
  }
  return d;
}

describe('repairPatch: the rings a repair moves and holds', () => {
  const n = 20;
  const { positions, triangles } = grid(n);
  const state = surfaceRepairState({ triangles, vertexCount: n * n, restPositions: positions, rings: 3 });

  it("a new pair on one triangle (the surface's triangle 150, a collider's edge): the patch is every vertex within 3 + HELD_RINGS edges of its corners, ring = edge distance", () => {
    // pairList: edge mesh 1 (a collider), edge 0, triangle mesh 0 (the surface), triangle 150.
    const { ring, local, patch } = repairPatch(state, [1, 0, 0, 150], [0], false);
    const seeds = Array.from(triangles.subarray(450, 453));
    const d = distances(triangles, n * n, seeds);
    for (let v = 0; v < n * n; v++) {
      const expected = d[v] <= 3 + HELD_RINGS ? d[v] : -1;
      expect(ring[v], `vertex ${v}: ring`).toBe(expected);
      expect(local[v] >= 0, `vertex ${v}: in the patch`).toBe(expected >= 0);
    }
    expect(patch, 'the patch, in increasing order, numbered by local').toEqual(Array.from({ length: n * n }, (_, v) => v).filter((v) => ring[v] >= 0));
    patch.forEach((v, k) => expect(local[v], `patch vertex ${v}`).toBe(k));
  });

  it('whole: every vertex is in the patch at ring 0', () => {
    const { ring, patch } = repairPatch(state, [], [], true);
    expect(patch.length, 'patch size').toBe(n * n);
    expect(
      ring.every((r) => r === 0),
      'every vertex moves',
    ).toBe(true);
  });
});
