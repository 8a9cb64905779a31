// largestSurfaceStep (the fit's convergence measure, max_s |C′_s d|∞): a translation d = t of the whole lattice moves
// every embedded surface point by t (barycentric coordinates sum to 1), so the measure is max|t_k|; a step confined to
// lattice vertices of no surface tet moves no surface point; and it is the largest of the per-vertex moves that
// embeddedSurfacePositions measures for a random step.
import { describe, expect, it } from 'vitest';
import { embeddedSurfacePositions } from '../../../../app/embedding/embeddedSurfacePositions.ts';
import { largestSurfaceStep } from '../../../../app/embedding/tetFit/largestSurfaceStep.ts';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { handEmbedding, randomField } from './fixtures.ts';

describe('largestSurfaceStep', () => {
  const embedding = handEmbedding;
  const data = tetFitData(embedding, {});
  const n = embedding.vertexCount;

  it('measures a lattice translation t as max|t_k|', () => {
    const d = new Float64Array(3 * n);
    for (let v = 0; v < n; v++) d.set([0.003, -0.007, 0.001], 3 * v);
    expect(largestSurfaceStep(data.surfaceBarycentric, data.surfaceCorners, d), 'translation (0.003, −0.007, 0.001)').toBeCloseTo(0.007, 15);
  });

  it('ignores lattice vertices that hold no surface vertex', () => {
    const holdsSurface = new Uint8Array(n);
    for (let s = 0; s < embedding.surfaceVertexCount; s++) {
      for (let i = 0; i < 4; i++) if (embedding.surfaceBarycentric[4 * s + i] !== 0) holdsSurface[embedding.tetrahedra[4 * embedding.surfaceTet[s] + i]] = 1;
    }
    const d = new Float64Array(3 * n);
    let moved = 0;
    for (let v = 0; v < n; v++) {
      if (holdsSurface[v]) continue;
      d.set([1, 1, 1], 3 * v);
      moved++;
    }
    expect(moved, 'lattice vertices that hold no surface vertex').toBeGreaterThan(0);
    expect(largestSurfaceStep(data.surfaceBarycentric, data.surfaceCorners, d), 'surface move').toBe(0);
  });

  it('is the largest coordinate of C′d over the surface for a random step', () => {
    const d = randomField(3 * n, 90);
    const moves = embeddedSurfacePositions(embedding, d, new Float64Array(3 * embedding.surfaceVertexCount));
    let largest = 0;
    for (const value of moves) largest = Math.max(largest, Math.abs(value));
    expect(largestSurfaceStep(data.surfaceBarycentric, data.surfaceCorners, d), 'largest |C′d| coordinate').toBeCloseTo(largest, 14);
  });
});
