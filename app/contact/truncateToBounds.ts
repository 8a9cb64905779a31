import type { FloatArray } from '../solvers/vbd/index.ts';
import { waterLevel } from './waterLevel.ts';

/** What truncateToBounds reads and the scratch it writes (ogcContact owns them; the GPU twin's buffers mirror them). */
export interface BoundTruncation {
  /** #S×4 simulation vertices and weights of each surface point (ogcContact's pointVertices, pointWeights) */
  readonly pointVertices: Uint32Array;
  readonly pointWeights: Float64Array;
  /** γ_p of Eq. 5.20 */
  readonly gammaP: number;
  /** #V bound of each vertex (∞: the vertex carries no bounded point; only whether it is finite is read) */
  readonly bounds: Float64Array;
  /** #S smallest distance d_s of each point at the detection [m] (∞: none within the query radius) */
  readonly pointBounds: Float64Array;
  /** #V×3 positions and animated targets at the detection, and the targets now [m] */
  readonly positionsAtDetection: Float64Array;
  readonly targetsAtDetection: Float64Array;
  readonly targetsNow: Float64Array;
  /** #V scratch: each vertex's displacement since the detection and the smallest cut its points ask */
  readonly vertexMoved: Float64Array;
  readonly vertexScale: Float64Array;
}

// A point's four weights and displacements (the GPU twin keeps them in registers).
const shares = new Float64Array(4);
const moved = new Float64Array(4);

/**
 * Truncates the free vertices' displacements since the last detection, measured relative to their animated targets'
 * displacements over the same time, so that no surface point moves farther than its bound γ_p·d_s (seed 000 Eq. 5.20,
 * d_s its smallest distance at the detection; Eq. 5.27 per point); returns how many vertices were truncated. A point
 * moves by Σ_k w_k δ_k (its embedding's weights w_k on the displacements δ_k of its vertices), so it keeps its bound
 * when Σ_k |w_k|·|δ_k| ≤ γ_p·d_s. Where a point's sum exceeds that, only its vertices that moved most are cut, to a
 * common length L with Σ_k |w_k|·min(|δ_k|, L) = γ_p·d_s (waterLevel), and each vertex keeps the smallest L of the
 * points it carries: every point then keeps its bound whatever the other points ask. Since L ≥ γ_p·d_s / Σ_k |w_k|,
 * no vertex is held back more than by giving it the smallest bound of the points it carries (ogcContact's `bounds`),
 * and one that moved less than L is not held back at all. With one point per vertex of weight 1 (cloth) this is
 * Eq. 5.27 exactly (a vertex truncated to its own bound, the same arithmetic). Measured in docs/contact.md.
 *
 * Relative to the targets: a body the animation moves by more than a bound per substep (the sample's Bounce: ~5 mm
 * per substep, bounds ~1–4 mm around its ears and arms) is not held back where it is near itself: truncating the
 * absolute motion froze those lattice vertices while the rest followed the animation, and the head folded in. The
 * animation's own motion closes no gap its input does not close, and pairs the input brings within r are excluded
 * (input exclusion); the final check of the bake covers the rest.
 *
 * The WGSL twin (kernels/vbd/truncateToBounds.wgsl) gathers instead of scattering: each vertex recomputes the water
 * level of every point it carries and keeps the smallest cut, the same minimum.
 *
 * @param t          the bounds, detection state and scratch
 * @param positions  #V×3 simulation positions [m], truncated in place
 * @param pinned     #V 1 = pinned (never truncated)
 * @returns the number of vertices truncated
 */
export function truncateToBounds(t: BoundTruncation, positions: FloatArray, pinned: Uint8Array): number {
  const {
    bounds,
    vertexMoved,
    vertexScale,
    positionsAtDetection,
    targetsAtDetection,
    targetsNow,
    pointWeights: weights,
    pointVertices: vertices,
    pointBounds,
    gammaP,
  } = t;
  const V = bounds.length;
  const S = pointBounds.length;
  for (let v = 0; v < V; v++) {
    vertexScale[v] = 1;
    if (bounds[v] === Number.POSITIVE_INFINITY || pinned[v] !== 0) {
      vertexMoved[v] = 0;
      continue;
    }
    const o = 3 * v;
    const dx = positions[o] - (positionsAtDetection[o] + targetsNow[o] - targetsAtDetection[o]);
    const dy = positions[o + 1] - (positionsAtDetection[o + 1] + targetsNow[o + 1] - targetsAtDetection[o + 1]);
    const dz = positions[o + 2] - (positionsAtDetection[o + 2] + targetsNow[o + 2] - targetsAtDetection[o + 2]);
    vertexMoved[v] = Math.sqrt(dx * dx + dy * dy + dz * dz);
  }
  for (let s = 0; s < S; s++) {
    const limit = gammaP * pointBounds[s];
    let sum = 0;
    for (let k = 0; k < 4; k++) {
      const w = Math.abs(weights[4 * s + k]);
      shares[k] = w;
      moved[k] = w === 0 ? 0 : vertexMoved[vertices[4 * s + k]];
      sum += w * moved[k];
    }
    if (sum <= limit) continue;
    const level = waterLevel(shares, moved, limit);
    for (let k = 0; k < 4; k++) {
      if (!(moved[k] > level)) continue;
      const v = vertices[4 * s + k];
      const scale = level / moved[k];
      if (scale < vertexScale[v]) vertexScale[v] = scale;
    }
  }
  let count = 0;
  for (let v = 0; v < V; v++) {
    const scale = vertexScale[v];
    if (scale >= 1) continue;
    const o = 3 * v;
    const sx = positionsAtDetection[o] + targetsNow[o] - targetsAtDetection[o];
    const sy = positionsAtDetection[o + 1] + targetsNow[o + 1] - targetsAtDetection[o + 1];
    const sz = positionsAtDetection[o + 2] + targetsNow[o + 2] - targetsAtDetection[o + 2];
    positions[o] = sx + scale * (positions[o] - sx);
    positions[o + 1] = sy + scale * (positions[o + 1] - sy);
    positions[o + 2] = sz + scale * (positions[o + 2] - sz);
    count++;
  }
  return count;
}
