// tetFitData (the fitter's precomputation for seed 004 Eq. 4.1): the option defaults documented on
// TetTargetFitterOptions (γ 1e-7 or 0.1 with limits, w 1, tolerance 1e-4 or 1e-3 cells, 30 iterations, incremental
// energy); the refusals of bad options; rotations start at the identity, cold; and the untangling adjacency lists,
// for every lattice vertex, exactly the tets that hold it, and for every tet exactly its surface vertices.
import { describe, expect, it } from 'vitest';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { hand, handEmbedding } from './fixtures.ts';

describe('tetFitData', () => {
  const embedding = handEmbedding;

  it('resolves the documented defaults, tight and with stretch limits', () => {
    const tight = tetFitData(embedding, { surfaceTriangles: hand.triangles });
    expect(
      [tight.gamma, tight.limitWeight, tight.stretchLimited, tight.maxIterations, tight.incremental],
      'tight: γ, w, limited, iterations, incremental',
    ).toEqual([1e-7, 0, false, 30, true]);
    expect(tight.tolerance / embedding.cellSize, 'tight: tolerance (cells)').toBeCloseTo(1e-4, 15);
    expect([tight.minStretch, tight.maxStretch], 'tight: band').toEqual([0, Infinity]);
    const limited = tetFitData(embedding, { surfaceTriangles: hand.triangles, stretchLimits: { min: 0.5, max: 2 }, dataEnergy: 'direct' });
    expect([limited.gamma, limited.limitWeight, limited.stretchLimited, limited.incremental], 'limited: γ, w, limited, incremental').toEqual([
      0.1,
      1,
      true,
      false,
    ]);
    expect(limited.tolerance / embedding.cellSize, 'limited: tolerance (cells)').toBeCloseTo(1e-3, 15);
    expect([limited.minStretch, limited.maxStretch], 'limited: band').toEqual([0.5, 2]);
  });

  it('refuses a non-positive γ, a band that excludes the rest shape and a non-positive or infinite w', () => {
    expect(() => tetFitData(embedding, { gamma: 0 }), 'γ = 0').toThrow(/gamma must be > 0/);
    expect(() => tetFitData(embedding, { gamma: Number.NaN }), 'γ = NaN').toThrow(/gamma must be > 0/);
    expect(() => tetFitData(embedding, { stretchLimits: { min: 0.5, max: Infinity } }), 'max ∞').toThrow(/stretchLimits/);
    expect(() => tetFitData(embedding, { stretchLimits: { min: 0.5, max: 2 }, stretchLimitWeight: -1 }), 'w < 0').toThrow(/stretchLimitWeight/);
    expect(() => tetFitData(embedding, { stretchLimits: { min: 0.5, max: 2 }, stretchLimitWeight: Infinity }), 'w = ∞').toThrow(/stretchLimitWeight/);
  });

  it('starts every tet rotation at the identity, cold', () => {
    const data = tetFitData(embedding, {});
    expect(data.coldStart, 'cold').toBe(true);
    for (let t = 0; t < data.tetCount; t++) expect(Array.from(data.rotations.subarray(4 * t, 4 * t + 4)), `tet ${t}`).toEqual([0, 0, 0, 1]);
  });

  it('lists for every vertex exactly the tets that hold it, and for every tet exactly its surface vertices', () => {
    const data = tetFitData(embedding, {});
    const { tetrahedra, tetCount, vertexCount: n } = embedding;
    for (let v = 0; v < n; v++) {
      const listed = Array.from(data.vertexTets.subarray(data.vertexTetOffsets[v], data.vertexTetOffsets[v + 1]));
      const expected: number[] = [];
      for (let k = 0; k < 4 * tetCount; k++) if (tetrahedra[k] === v) expected.push(k);
      expect(listed, `tets (4·t + corner) of vertex ${v}`).toEqual(expected);
    }
    const perTet: number[][] = Array.from({ length: tetCount }, () => []);
    for (let s = 0; s < embedding.surfaceVertexCount; s++) perTet[embedding.surfaceTet[s]].push(s);
    for (let t = 0; t < tetCount; t++) {
      expect(Array.from(data.tetSurface.subarray(data.tetSurfaceOffsets[t], data.tetSurfaceOffsets[t + 1])), `surface vertices of tet ${t}`).toEqual(perTet[t]);
    }
  });
});
