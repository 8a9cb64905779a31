import { triangleNormal } from '../../geometry/index.ts';
import { embeddedSurfacePositions } from '../embeddedSurfacePositions.ts';
import type { LatticeEmbedding } from '../latticeEmbedding.ts';
import type { TetTargetFitterOptions } from './types.ts';

/**
 * Λ of seed 004 Eq. 4.1, the data term's per-surface-vertex weights, normalized to sum 1: the user's weights if given
 * (seed 004's Γ′ ⊂ Γ: 0 for untracked vertices), else a third of the area of each incident triangle (the lumped
 * vertex area, floored at 1% of the mean so isolated and sliver vertices are still fitted), else uniform.
 *
 * @param embedding  the lattice (latticeEmbedding); the areas are measured on its embedded rest surface C′X̄
 * @param options    surfaceWeights (#S, each finite ≥ 0) or surfaceTriangles (#F×3 surface vertex indices)
 * @returns #S weights summing to 1, dimensionless
 * @throws RangeError for a surfaceWeights of the wrong length or with a negative or non-finite entry, or when every
 *   weight is zero
 */
export function dataWeights(embedding: LatticeEmbedding, options: TetTargetFitterOptions): Float64Array {
  const S = embedding.surfaceVertexCount;
  const lambda = new Float64Array(S);
  if (options.surfaceWeights) {
    if (options.surfaceWeights.length !== S) throw new RangeError(`tetTargetFitter: surfaceWeights needs ${S} entries`);
    for (let s = 0; s < S; s++) {
      const w = options.surfaceWeights[s];
      if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`tetTargetFitter: surfaceWeights[${s}] = ${w} is not a finite weight ≥ 0`);
      lambda[s] = w;
    }
  } else if (options.surfaceTriangles) {
    const triangles = options.surfaceTriangles;
    // Rest surface positions from the embedding itself (exact to rounding).
    const p = embeddedSurfacePositions(embedding, embedding.positions, new Float64Array(3 * S));
    const normal = new Float64Array(3);
    for (let t = 0; t < triangles.length / 3; t++) {
      const a = triangles[3 * t];
      const b = triangles[3 * t + 1];
      const c = triangles[3 * t + 2];
      const n = triangleNormal(p, a, b, c, normal);
      const area = 0.5 * Math.hypot(n[0], n[1], n[2]);
      lambda[a] += area / 3;
      lambda[b] += area / 3;
      lambda[c] += area / 3;
    }
    let mean = 0;
    for (let s = 0; s < S; s++) mean += lambda[s] / S;
    // Isolated or sliver vertices still count a little, so they are fitted too.
    for (let s = 0; s < S; s++) lambda[s] = Math.max(lambda[s], 0.01 * mean > 0 ? 0.01 * mean : 1);
  } else {
    lambda.fill(1);
  }
  let total = 0;
  for (let s = 0; s < S; s++) total += lambda[s];
  if (!(total > 0)) throw new RangeError('tetTargetFitter: every surface weight is zero');
  for (let s = 0; s < S; s++) lambda[s] /= total;
  return lambda;
}
