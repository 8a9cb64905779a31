// symmetricEigen3: A = V·diag(w)·Vᵀ with V orthogonal, on random symmetric matrices and on repeated eigenvalues.
import { describe, expect, it } from 'vitest';
import { symmetricEigen3 } from '../../../../app/math/mat3/index.ts';

function check(A: Float64Array): void {
  const copy = Float64Array.from(A);
  const V = new Float64Array(9);
  const w = new Float64Array(3);
  symmetricEigen3(copy, V, w);
  const scale = Math.max(1, ...Array.from(A, Math.abs));
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      let reconstructed = 0;
      let orthogonality = 0;
      for (let k = 0; k < 3; k++) {
        reconstructed += V[3 * i + k] * w[k] * V[3 * j + k];
        orthogonality += V[3 * k + i] * V[3 * k + j];
      }
      expect(Math.abs(reconstructed - A[3 * i + j]), `A[${i}][${j}] reconstructed`).toBeLessThan(1e-12 * scale);
      expect(Math.abs(orthogonality - (i === j ? 1 : 0)), `VᵀV[${i}][${j}]`).toBeLessThan(1e-12);
    }
  }
}

describe('symmetricEigen3', () => {
  it('reconstructs random symmetric matrices with an orthogonal eigenbasis', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let trial = 0; trial < 200; trial++) {
      const a = Array.from({ length: 6 }, next);
      check(Float64Array.of(a[0], a[1], a[2], a[1], a[3], a[4], a[2], a[4], a[5]));
    }
  });

  it('handles repeated eigenvalues (a rotated diag(2, 2, 5))', () => {
    const c = Math.cos(0.3);
    const s = Math.sin(0.3);
    const Q = [c, -s, 0, s, c, 0, 0, 0, 1];
    const rx = [1, 0, 0, 0, Math.cos(1.1), -Math.sin(1.1), 0, Math.sin(1.1), Math.cos(1.1)];
    const R = new Float64Array(9);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) R[3 * i + j] += Q[3 * i + k] * rx[3 * k + j];
    const d = [2, 2, 5];
    const A = new Float64Array(9);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) A[3 * i + j] += R[3 * i + k] * d[k] * R[3 * j + k];
    check(A);
  });
});
