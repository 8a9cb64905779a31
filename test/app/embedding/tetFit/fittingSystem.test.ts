// fittingSystem (the constant global matrix of seed 004 Eq. 4.1's local/global fit): the shape gradients reproduce
// F(X̄) = I and sum to zero per tet (partition of unity); κ sums to h²; M = C′ᵀΛC′ has the quadratic form
// Σ_s λ_s‖C′_s x‖² (measured through embeddedSurfacePositions); and A = M + (γ + w)L maps a translation t of the
// whole lattice to M·t (translations are L's null space), so solving with M·t returns t. A lattice part whose surface
// vertices all weigh 0 is refused by name (its translation is then free; the LDLᵀ pivot test alone let it through and
// the fit moved that part by metres).
import { describe, expect, it } from 'vitest';
import { embeddedSurfacePositions } from '../../../../app/embedding/embeddedSurfacePositions.ts';
import { dataWeights } from '../../../../app/embedding/tetFit/dataWeights.ts';
import { fittingSystem } from '../../../../app/embedding/tetFit/fittingSystem.ts';
import { ldltSolve, type CscMatrix } from '../../../../app/math/sparse/index.ts';
import { latticeEmbedding } from '../../../../app/embedding/index.ts';
import { mergeMeshes, uvSphere } from '../meshes.ts';
import { hand, handEmbedding, randomField } from './fixtures.ts';

const embedding = handEmbedding;
const n = embedding.vertexCount;
const S = embedding.surfaceVertexCount;
const lambda = dataWeights(embedding, { surfaceTriangles: hand.triangles });

/** y = Mx for a symmetric CSC matrix and #N×3 x. */
function product(matrix: CscMatrix, x: Float64Array): Float64Array {
  const y = new Float64Array(x.length);
  for (let c = 0; c < matrix.columnCount; c++) {
    for (let e = matrix.columnPointers[c]; e < matrix.columnPointers[c + 1]; e++) {
      const r = matrix.rowIndices[e];
      for (let k = 0; k < 3; k++) y[3 * r + k] += matrix.values[e] * x[3 * c + k];
    }
  }
  return y;
}

describe('fittingSystem', () => {
  const system = fittingSystem(embedding, lambda, 0.1 + 1);

  it('gives shape gradients with F(X̄) = I and Σ_i g_i = 0 in every tet', () => {
    let worstIdentity = 0;
    let worstSum = 0;
    for (let t = 0; t < embedding.tetCount; t++) {
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          let f = 0;
          let sum = 0;
          for (let i = 0; i < 4; i++) {
            f += embedding.positions[3 * embedding.tetrahedra[4 * t + i] + r] * system.shapeGradients[12 * t + 3 * i + c];
            if (r === 0) sum += system.shapeGradients[12 * t + 3 * i + c];
          }
          worstIdentity = Math.max(worstIdentity, Math.abs(f - (r === c ? 1 : 0)));
          worstSum = Math.max(worstSum, Math.abs(sum) * embedding.cellSize);
        }
      }
    }
    expect(worstIdentity, 'largest |F(X̄) − I| entry').toBeLessThan(1e-9);
    expect(worstSum, 'largest |Σ_i g_i|·h').toBeLessThan(1e-9);
  });

  it('weighs the tets by volume fraction times h² (κ sums to h², every κ > 0)', () => {
    let sum = 0;
    for (let t = 0; t < embedding.tetCount; t++) {
      expect(system.tetWeights[t], `κ of tet ${t}`).toBeGreaterThan(0);
      sum += system.tetWeights[t];
    }
    expect(sum / embedding.cellSize ** 2, 'Σκ / h²').toBeCloseTo(1, 12);
  });

  it('has M = C′ᵀΛC′: xᵀMx = Σ_s λ_s‖C′_s x‖² for random lattice fields', () => {
    const surface = new Float64Array(3 * S);
    for (let trial = 0; trial < 3; trial++) {
      const x = randomField(3 * n, 11 + trial);
      const mx = product(system.dataMatrix, x);
      let quadratic = 0;
      for (let i = 0; i < 3 * n; i++) quadratic += x[i] * mx[i];
      embeddedSurfacePositions(embedding, x, surface);
      let direct = 0;
      for (let s = 0; s < S; s++) direct += lambda[s] * (surface[3 * s] ** 2 + surface[3 * s + 1] ** 2 + surface[3 * s + 2] ** 2);
      expect(quadratic / direct, `trial ${trial}: xᵀMx / Σλ‖C′x‖²`).toBeCloseTo(1, 10);
    }
  });

  it('solves A·t = M·t with the lattice translation t: the elastic term has no energy in a translation', () => {
    const t = new Float64Array(3 * n);
    for (let v = 0; v < n; v++) {
      t[3 * v] = 0.3;
      t[3 * v + 1] = -1.2;
      t[3 * v + 2] = 0.05;
    }
    const solved = new Float64Array(3 * n);
    ldltSolve(system.factor, product(system.dataMatrix, t), solved, 3);
    let worst = 0;
    for (let i = 0; i < 3 * n; i++) worst = Math.max(worst, Math.abs(solved[i] - t[i]));
    expect(worst / embedding.cellSize, 'largest deviation from the translation (cells)').toBeLessThan(1e-8);
    expect(system.factorNonzeros, 'factor nonzeros').toBeGreaterThan(n);
  });

  it('refuses a lattice part whose surface vertices all weigh 0, naming a vertex of it', () => {
    const spheres = mergeMeshes(uvSphere([0, 0, 0], 1), uvSphere([5, 0, 0], 1));
    const twoParts = latticeEmbedding(spheres.positions, spheres.triangles, { resolution: 16 });
    const weights = new Float64Array(twoParts.surfaceVertexCount);
    for (let s = 0; s < weights.length; s++) weights[s] = spheres.positions[3 * s] < 2.5 ? 1 / weights.length : 0;
    expect(() => fittingSystem(twoParts, weights, 1.1), 'right sphere unweighted').toThrow(
      /lattice part of lattice vertex \d+ holds no surface vertex with a positive weight/,
    );
    for (let s = 0; s < weights.length; s++) weights[s] = 1 / weights.length;
    expect(() => fittingSystem(twoParts, weights, 1.1), 'both spheres weighted').not.toThrow();
  });
});
