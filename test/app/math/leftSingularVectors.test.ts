// leftSingularVectors against a matrix with known singular values (U·diag(σ)·Vᵀ from orthonormal sinusoids), on
// both paths: exact (few rows) and the randomized sketch (many rows).
import { describe, expect, it } from 'vitest';
import { leftSingularVectors } from '../../../app/math/leftSingularVectors.ts';

/** rows×cols matrix Σ_k σ_k u_k v_kᵀ with orthonormal discrete sine vectors. */
function known(rows: number, cols: number, sigma: number[]) {
  const u = (k: number, i: number) => Math.sqrt(2 / (rows + 1)) * Math.sin(((i + 1) * (k + 1) * Math.PI) / (rows + 1));
  const v = (k: number, j: number) => Math.sqrt(2 / (cols + 1)) * Math.sin(((j + 1) * (k + 1) * Math.PI) / (cols + 1));
  const X = new Float64Array(rows * cols);
  sigma.forEach((s, k) => {
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) X[i * cols + j] += s * u(k, i) * v(k, j);
  });
  return { X, u };
}

describe('leftSingularVectors', () => {
  for (const [label, rows, cols] of [
    ['exact path (rows ≤ 512, Gram)', 80, 300],
    ['column Gram path (cols < rows)', 300, 40],
    ['randomized sketch (many rows)', 900, 200],
  ] as const) {
    it(`${label}: singular values and vectors of a known matrix`, () => {
      const sigma = [10, 5, 2.5, 1, 0.3, 0.05];
      const { X, u } = known(rows, cols, sigma);
      const result = leftSingularVectors(X, rows, cols, 8);
      expect(result.rank, 'eight computed').toBe(8);
      sigma.forEach((s, k) => expect(Math.abs(result.values[k] - s) / s, `σ_${k}`).toBeLessThan(1e-6));
      expect(result.values[6], 'past the rank: 0').toBeLessThan(1e-6);
      for (let k = 0; k < sigma.length; k++) {
        let dot = 0;
        for (let i = 0; i < rows; i++) dot += result.vectors[i * 8 + k] * u(k, i);
        expect(Math.abs(Math.abs(dot) - 1), `u_${k} up to sign`).toBeLessThan(1e-6);
      }
    });
  }
});
