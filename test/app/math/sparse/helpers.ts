/** Dense references and random sparse SPD matrices for the sparse-solver tests (independent of the code under test). */

import { random } from '../../../helpers/random.ts';

export { random };

/** Random sparse symmetric positive definite matrix as triplets (full pattern) and as a dense array. */
export function randomSpd(n: number, offDiagonalPerRow: number, seed: number): { rows: number[]; columns: number[]; values: number[]; dense: Float64Array } {
  const next = random(seed);
  const dense = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < offDiagonalPerRow; k++) {
      const j = Math.floor(next() * n);
      if (j === i) continue;
      const value = next() * 2 - 1;
      dense[i * n + j] += value;
      dense[j * n + i] += value;
    }
  }
  // Strict diagonal dominance makes it SPD.
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) if (j !== i) sum += Math.abs(dense[i * n + j]);
    dense[i * n + i] = sum + 0.5 + next();
  }
  const rows: number[] = [];
  const columns: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (dense[i * n + j] !== 0) {
        rows.push(i);
        columns.push(j);
        values.push(dense[i * n + j]);
      }
    }
  }
  return { rows, columns, values, dense };
}

/** Dense Gaussian elimination with partial pivoting: the reference solution of A·x = b. */
export function denseSolve(dense: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  const a = Float64Array.from(dense);
  const x = Float64Array.from(b);
  for (let k = 0; k < n; k++) {
    let pivot = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(a[i * n + k]) > Math.abs(a[pivot * n + k])) pivot = i;
    if (pivot !== k) {
      for (let j = 0; j < n; j++) [a[k * n + j], a[pivot * n + j]] = [a[pivot * n + j], a[k * n + j]];
      [x[k], x[pivot]] = [x[pivot], x[k]];
    }
    for (let i = k + 1; i < n; i++) {
      const factor = a[i * n + k] / a[k * n + k];
      for (let j = k; j < n; j++) a[i * n + j] -= factor * a[k * n + j];
      x[i] -= factor * x[k];
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = x[i];
    for (let j = i + 1; j < n; j++) sum -= a[i * n + j] * x[j];
    x[i] = sum / a[i * n + i];
  }
  return x;
}

/** 7-point Laplacian of an N³ grid plus `shift`·I, as triplets (the model problem for fill-reducing orders). */
export function gridLaplacian(N: number, shift: number): { n: number; rows: number[]; columns: number[]; values: number[] } {
  const rows: number[] = [];
  const columns: number[] = [];
  const values: number[] = [];
  const id = (i: number, j: number, k: number): number => i + N * (j + N * k);
  for (let k = 0; k < N; k++) {
    for (let j = 0; j < N; j++) {
      for (let i = 0; i < N; i++) {
        const a = id(i, j, k);
        rows.push(a);
        columns.push(a);
        values.push(6 + shift);
        for (const [di, dj, dk] of [
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ]) {
          if (i + di < N && j + dj < N && k + dk < N) {
            const b = id(i + di, j + dj, k + dk);
            rows.push(a, b);
            columns.push(b, a);
            values.push(-1, -1);
          }
        }
      }
    }
  }
  return { n: N * N * N, rows, columns, values };
}
