// tetVertexWeights: constants map to the same constant; painted weights in [0, 1] stay in [0, 1]
// (convex combinations, harmonic fill); lattice vertices whose tets hold only weight-0 surface vertices get
// exactly 0; interior vertices hold the average of their neighbours (discrete harmonic).
import { describe, expect, it } from 'vitest';
import { latticeEmbedding, tetVertexWeightMap, tetVertexWeights } from '../../../app/embedding/index.ts';
import { random } from '../math/sparse/helpers.ts';
import { uvSphere } from './meshes.ts';

describe('tetVertexWeights', () => {
  const sphere = uvSphere([0, 0, 0], 1, 16, 24);
  const embedding = latticeEmbedding(sphere.positions, sphere.triangles, { resolution: 12 });
  const map = tetVertexWeightMap(embedding);
  const S = embedding.surfaceVertexCount;

  it('maps a constant to the same constant everywhere', () => {
    const out = tetVertexWeights(map, new Float64Array(S).fill(0.37), new Float64Array(embedding.vertexCount));
    for (let v = 0; v < out.length; v++) expect(out[v], `lattice vertex ${v}`).toBeCloseTo(0.37, 12);
    expect(map.unknown.length, 'the sphere has interior lattice vertices to fill').toBeGreaterThan(0);
  });

  it('all-ones weights stay exactly 1, never an ulp above (the solver rejects weights > 1)', () => {
    const out = tetVertexWeights(map, new Float64Array(S).fill(1), new Float64Array(embedding.vertexCount));
    for (let v = 0; v < out.length; v++) expect(out[v], `lattice vertex ${v}`).toBeLessThanOrEqual(1);
  });

  it('keeps random painted weights within their range', () => {
    const next = random(4);
    const painted = Float64Array.from({ length: S }, () => 0.2 + 0.6 * next());
    const out = tetVertexWeights(map, painted, new Float64Array(embedding.vertexCount));
    for (let v = 0; v < out.length; v++) {
      expect(out[v], `vertex ${v} ≥ min`).toBeGreaterThanOrEqual(0.2 - 1e-12);
      expect(out[v], `vertex ${v} ≤ max`).toBeLessThanOrEqual(0.8 + 1e-12);
    }
  });

  it('gives exactly 0 where only weight-0 surface vertices are, and harmonic values inside', () => {
    const painted = Float64Array.from({ length: S }, (_, s) => (sphere.positions[3 * s] < 0 ? 0 : 1));
    const out = tetVertexWeights(map, painted, new Float64Array(embedding.vertexCount));
    // Lattice vertices touched only by x < 0 surface vertices.
    const touchedByOne = new Uint8Array(embedding.vertexCount);
    const touchedByZero = new Uint8Array(embedding.vertexCount);
    for (let s = 0; s < S; s++) {
      for (let k = 0; k < 4; k++) {
        if (embedding.surfaceBarycentric[4 * s + k] === 0) continue;
        const v = embedding.tetrahedra[4 * embedding.surfaceTet[s] + k];
        if (painted[s] === 0) touchedByZero[v] = 1;
        else touchedByOne[v] = 1;
      }
    }
    let checked = 0;
    for (let v = 0; v < embedding.vertexCount; v++) {
      if (touchedByZero[v] && !touchedByOne[v]) {
        expect(out[v], `vertex ${v} sees only weight 0`).toBe(0);
        checked++;
      }
    }
    expect(checked, 'such vertices exist').toBeGreaterThan(10);
    // Harmonic: each filled vertex equals the mean of its lattice neighbours.
    const neighbours = new Map<number, Set<number>>();
    for (let t = 0; t < embedding.tetCount; t++) {
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) {
          if (i === j) continue;
          const a = embedding.tetrahedra[4 * t + i];
          if (!neighbours.has(a)) neighbours.set(a, new Set());
          neighbours.get(a)!.add(embedding.tetrahedra[4 * t + j]);
        }
      }
    }
    for (const v of map.unknown) {
      const around = [...neighbours.get(v)!];
      const mean = around.reduce((sum, u) => sum + out[u], 0) / around.length;
      expect(out[v], `interior vertex ${v} is the mean of its neighbours`).toBeCloseTo(mean, 10);
    }
  });
});
