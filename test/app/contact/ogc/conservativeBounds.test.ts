import { describe, expect, it } from 'vitest';
import { ogcDetection } from '../../../../app/contact/ogc/ogcDetection.ts';
import { pointTriangleClosestPoint, segmentSegmentClosestPoints } from '../../../../app/geometry/index.ts';
import { random } from '../../../helpers/random.ts';
import { soup, soupState } from './soup.ts';

/**
 * d_s of seed 000 Eqs. 5.20–5.25 by brute force: the point's distance to every triangle not on it (5.21), its edges'
 * to every edge sharing no point with them (5.22–5.23), its triangles' to every point not on them (5.24–5.25), capped
 * at r_q.
 */
function bruteForceDistances(positions: Float64Array, triangles: Uint32Array, edges: Uint32Array, rq: number): Float64Array {
  const P = positions.length / 3;
  const T = triangles.length / 3;
  const E = edges.length / 2;
  const out = new Float64Array(4);
  const params = new Float64Array(2);
  const d = new Float64Array(P).fill(rq);
  for (let p = 0; p < P; p++) {
    for (let t = 0; t < T; t++) {
      const a = triangles[3 * t],
        b = triangles[3 * t + 1],
        c = triangles[3 * t + 2];
      if (p === a || p === b || p === c) continue;
      const distance = Math.sqrt(pointTriangleClosestPoint(positions, a, b, c, positions[3 * p], positions[3 * p + 1], positions[3 * p + 2], out));
      for (const s of [p, a, b, c]) d[s] = Math.min(d[s], distance);
    }
  }
  for (let e = 0; e < E; e++) {
    for (let f = e + 1; f < E; f++) {
      const i = edges[2 * e],
        j = edges[2 * e + 1],
        k = edges[2 * f],
        l = edges[2 * f + 1];
      if (i === k || i === l || j === k || j === l) continue;
      const distance = Math.sqrt(segmentSegmentClosestPoints(positions, i, j, positions, k, l, params));
      for (const s of [i, j, k, l]) d[s] = Math.min(d[s], distance);
    }
  }
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
