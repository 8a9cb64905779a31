import { NO_BOUND } from './ogcContactState.ts';
import type { OgcContactState } from './types.ts';

/**
 * OGC's conservative bounds (seed 000 §5.1.9, Eqs. 5.20–5.25) from the smallest distances the detection found: each
 * surface point's d_s = min(d_min,v, d^E_min,v, d^T_min,v) (its own distance, its edges' and its triangles', each r_q
 * when nothing is nearer) into state.pointBounds, and each simulation vertex's bound b_v = γ_p·d_s / Σ_k|w_sk|, the
 * smallest over the points it carries (a point moves at most Σ_k|w_sk| times its vertices' largest move) into
 * state.bounds (NO_BOUND for a vertex that carries no point). Moving no vertex by more than its bound from the
 * detection's positions (Eq. 5.26) adds no intersection; truncateToBounds enforces it, point by point. Twin: the
 * `pointLimits` kernel of kernels/contact/ogcDetection.wgsl (γ_p·d_s per point; truncateToBounds.wgsl gathers them).
 *
 * @param state  the contact after the contact steps of a detection (minPoint, minEdge, minTriangle set)
 */
export function conservativeBounds(state: OgcContactState): void {
  const { S, E, T, edges, triangles, minPoint, minEdge, minTriangle, pointBounds, bounds, gammaP, pointWeightSums, options } = state;
  for (let s = 0; s < S; s++) pointBounds[s] = minPoint[s];
  for (let e = 0; e < E; e++) {
    const i = edges[2 * e],
      j = edges[2 * e + 1];
    if (i < S && minEdge[e] < pointBounds[i]) pointBounds[i] = minEdge[e];
    if (j < S && minEdge[e] < pointBounds[j]) pointBounds[j] = minEdge[e];
  }
  for (let t = 0; t < T; t++) {
    for (let k = 0; k < 3; k++) {
      const i = triangles[3 * t + k];
      if (i < S && minTriangle[t] < pointBounds[i]) pointBounds[i] = minTriangle[t];
    }
  }
  bounds.fill(NO_BOUND);
  for (let s = 0; s < S; s++) {
    const bound = (gammaP * pointBounds[s]) / Math.max(pointWeightSums[s], 1e-12);
    for (let k = 0; k < 4; k++) {
      if (options.pointWeights[4 * s + k] === 0) continue;
      const v = options.pointVertices[4 * s + k];
      if (bound < bounds[v]) bounds[v] = bound;
    }
  }
}
