// symmetricEigen (Householder + QL) against the definition: A·v_k = λ_k·v_k, V orthogonal, λ decreasing, and the
// known spectrum of a matrix built from chosen eigenvalues and a rotation.
import { describe, expect, it } from 'vitest';
import { symmetricEigen } from '../../../app/math/symmetricEigen.ts';

function check(A: Float64Array, n: number) {
  const V = new Float64Array(n * n);
  const w = new Float64Array(n);
  symmetricEigen(A, n, V, w);
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale = Math.max(scale, Math.abs(A[i]));
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let j = 0; j < n; j++) sum += A[i * n + j] * V[j * n + k];
      expect(Math.abs(sum - w[k] * V[i * n + k]), `A v = λ v, pair ${k}, row ${i}`).toBeLessThan(1e-10 * Math.max(scale, 1));
    }
    if (k > 0) expect(w[k], `eigenvalue ${k} ≤ eigenvalue ${k - 1}`).toBeLessThanOrEqual(w[k - 1]);
  }
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      let dot = 0;
      for (let i = 0; i < n; i++) dot += V[i * n + a] * V[i * n + b];
      expect(Math.abs(dot - (a === b ? 1 : 0)), `VᵀV = I at ${a}, ${b}`).toBeLessThan(1e-12);
    }
  }
  return w;
}

describe('symmetricEigen', () => {
  it('recovers a chosen spectrum (Q·diag(λ)·Qᵀ with a product of plane rotations Q), repeated eigenvalues included', () => {
    const n = 7;
    const spectrum = [9, 4, 4, 1, 0, -2, -5];
    const Q = new Float64Array(n * n);
    for (let i = 0; i < n; i++) Q[i * n + i] = 1;
    for (let p = 0; p < n - 1; p++) {
      const c = Math.cos(0.3 + p);
      const s = Math.sin(0.3 + p);
      for (let i = 0; i < n; i++) {
        const a = Q[i * n + p];
        const b = Q[i * n + p + 1];
        Q[i * n + p] = c * a - s * b;
        Q[i * n + p + 1] = s * a + c * b;
      }
    }
    const A = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) A[i * n + j] += Q[i * n + k] * spectrum[k] * Q[j * n + k];
    const w = check(A, n);
    spectrum.forEach((value, k) => expect(Math.abs(w[k] - value), `eigenvalue ${k}`).toBeLessThan(1e-12));
  });

  it('a Gram matrix of a rank-deficient matrix: eigenpairs hold, the null space has eigenvalue 0', () => {
    const n = 40;
    const rank = 6;
    const A = new Float64Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) for (let k = 0; k < rank; k++) A[i * n + j] += Math.sin(i * (k + 1) * 0.37) * Math.sin(j * (k + 1) * 0.37);
    const w = check(A, n);
    for (let k = rank; k < n; k++) expect(Math.abs(w[k]), `eigenvalue ${k} past the rank`).toBeLessThan(1e-10 * w[0]);
  });

  it('diagonal and 1×1 matrices', () => {
    expect(Array.from(check(Float64Array.of(3), 1)), '1×1').toEqual([3]);
    expect(Array.from(check(Float64Array.of(1, 0, 0, 0, 5, 0, 0, 0, 2), 3)), 'diagonal, sorted').toEqual([5, 2, 1]);
  });
});
