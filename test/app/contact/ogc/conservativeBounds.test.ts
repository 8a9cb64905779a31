import { describe, expect, it } from 'vitest';
import { ogcDetection } from '../../../../app/contact/ogc/ogcDetection.ts';
import { random } from '../../../helpers/random.ts';
import { bruteForcePairs, soup, soupState } from './soup.ts';

/**
 * d_s of seed 000 Eqs. 5.20–5.25 by brute force: the point's distance to every triangle not on it (5.21), its edges'
 * to every edge sharing no point with them (5.22–5.23), its triangles' to every point not on them (5.24–5.25), capped
 * at r_q.
 */
function bruteForceDistances(positions: Float64Array, triangles: Uint32Array, edges: Uint32Array, rq: number): Float64Array {
  const d = new Float64Array(positions.length / 3).fill(rq);
  const nearer = (corners: number[], distance2: number): void => {
    const distance = Math.sqrt(distance2);
    for (const s of corners) d[s] = Math.min(d[s], distance);
  };
  bruteForcePairs(
    positions,
    triangles,
    edges,
    (_p, _t, corners, distance2) => nearer(corners, distance2),
    (_e, _f, corners, distance2) => nearer(corners, distance2),
  );
  return d;
}

describe('conservativeBounds (through ogcDetection): the per-vertex bounds of seed 000 Eqs. 5.20–5.25', () => {
  for (const seed of [4, 5]) {
    it(`seed ${seed}: each point's d_s is the brute-force smallest distance of Eqs. 5.21–5.25, and b_v = γ_p·d_s`, () => {
      const mesh = soup(seed);
      const state = soupState(mesh, 0.03);
      ogcDetection(state, mesh.positions);
      const expected = bruteForceDistances(mesh.positions, state.triangles, state.edges, state.rq);
      let worst = 0;
      for (let s = 0; s < state.S; s++) worst = Math.max(worst, Math.abs(state.pointBounds[s] - expected[s]));
      expect(worst, 'largest |d_s − brute force| [m]').toBeLessThan(1e-12);
      let bounded = 0;
      for (let v = 0; v < state.V; v++) {
        expect(state.bounds[v], `b_${v} = γ_p·d_s (weight 1)`).toBeCloseTo(state.gammaP * expected[v], 12);
        if (expected[v] < state.rq) bounded++;
      }
      expect(bounded, 'points with something within r_q (the test tests something)').toBeGreaterThan(20);
    });

    it(`seed ${seed}: moving every vertex anywhere within its bound creates no intersection (Eq. 5.26)`, () => {
      const mesh = soup(seed);
      const state = soupState(mesh, 0.03);
      ogcDetection(state, mesh.positions);
      const before = bruteForceDistances(mesh.positions, state.triangles, state.edges, Infinity);
      const next = random(100 + seed);
      for (let trial = 0; trial < 5; trial++) {
        const moved = Float64Array.from(mesh.positions);
        for (let v = 0; v < state.V; v++) {
          // A random direction at the full bound: the worst a truncated iterate can do.
          let x = next() - 0.5,
            y = next() - 0.5,
            z = next() - 0.5;
          const length = Math.hypot(x, y, z) || 1;
          x /= length;
          y /= length;
          z /= length;
          const b = state.bounds[v];
          moved[3 * v] += b * x;
          moved[3 * v + 1] += b * y;
          moved[3 * v + 2] += b * z;
        }
        const after = bruteForceDistances(moved, state.triangles, state.edges, Infinity);
        for (let s = 0; s < state.S; s++) {
          // Each side moved at most γ_p·d, so the gap keeps at least (1 − 2γ_p) of d (> 0 for γ_p < 0.5).
          expect(after[s], `point ${s}: smallest distance after the move ≥ (1 − 2γ_p)·before (trial ${trial})`).toBeGreaterThanOrEqual(
            (1 - 2 * state.gammaP) * Math.min(before[s], state.rq) - 1e-12,
          );
        }
      }
    });
  }
});
