// surfaceDataRightHandSide (C′ᵀΛq of seed 004 Eq. 4.1's global step) is the adjoint of the embedding C′ weighted by Λ:
// x·(C′ᵀΛq) = Σ_s λ_s (C′x)_s·q_s for any lattice field x and surface field q (C′x measured by embeddedSurfacePositions).
import { describe, expect, it } from 'vitest';
import { embeddedSurfacePositions } from '../../../../app/embedding/embeddedSurfacePositions.ts';
import { surfaceDataRightHandSide } from '../../../../app/embedding/tetFit/surfaceDataRightHandSide.ts';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { hand, handEmbedding, randomField } from './fixtures.ts';

describe('surfaceDataRightHandSide', () => {
  it('is the Λ-weighted adjoint of the embedding: x·(C′ᵀΛq) = Σ_s λ_s (C′x)_s·q_s', () => {
    const embedding = handEmbedding;
    const data = tetFitData(embedding, { surfaceTriangles: hand.triangles });
    const S = embedding.surfaceVertexCount;
    const out = new Float64Array(3 * embedding.vertexCount).fill(7); // stale values must be cleared
    for (let trial = 0; trial < 3; trial++) {
      const x = randomField(3 * embedding.vertexCount, 60 + trial);
      const q = randomField(3 * S, 70 + trial);
      surfaceDataRightHandSide(data.dataWeights, data.surfaceBarycentric, data.surfaceCorners, q, out);
      let left = 0;
      for (let i = 0; i < x.length; i++) left += x[i] * out[i];
      const cx = embeddedSurfacePositions(embedding, x, new Float64Array(3 * S));
      let right = 0;
      for (let s = 0; s < S; s++) right += data.dataWeights[s] * (cx[3 * s] * q[3 * s] + cx[3 * s + 1] * q[3 * s + 1] + cx[3 * s + 2] * q[3 * s + 2]);
      expect(Math.abs(left - right), `trial ${trial}: |x·C′ᵀΛq − Σλ(C′x)·q| (right side ${right})`).toBeLessThan(1e-12 * (1 + Math.abs(right)));
    }
  });
});
