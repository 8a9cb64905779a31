// denseCholesky + denseCholeskySolve: solve random SPD systems to 1e-10 relative residual and refuse indefinite ones.
import { describe, expect, it } from 'vitest';
import { denseCholesky } from '../../../app/math/denseCholesky.ts';
import { denseCholeskySolve } from '../../../app/math/denseCholeskySolve.ts';
import { random } from './sparse/helpers.ts';

describe('denseCholesky', () => {
  it('solves random SPD systems (AᵀA + I) to 1e-10 relative residual', () => {
    const next = random(11);
    for (const m of [1, 2, 5, 17, 40]) {
      const B = Array.from({ length: m * m }, () => next() * 2 - 1);
      const A = new Float64Array(m * m);
      for (let i = 0; i < m; i++)
        for (let j = 0; j < m; j++) {
          let sum = i === j ? 1 : 0;
          for (let k = 0; k < m; k++) sum += B[k * m + i] * B[k * m + j];
          A[i * m + j] = sum;
        }
      const b = Float64Array.from({ length: m }, () => next());
      const factor = A.slice();
      expect(denseCholesky(factor, m), `m = ${m} is SPD`).toBe(true);
      const x = denseCholeskySolve(factor, m, b.slice());
      let residual = 0;
      let norm = 0;
      for (let i = 0; i < m; i++) {
        let r = -b[i];
        for (let j = 0; j < m; j++) r += A[i * m + j] * x[j];
        residual += r * r;
        norm += b[i] * b[i];
      }
      expect(Math.sqrt(residual / norm), `relative residual, m = ${m}`).toBeLessThan(1e-10);
    }
  });

  it('refuses an indefinite matrix', () => {
    expect(denseCholesky(Float64Array.from([1, 2, 2, 1]), 2), '[[1,2],[2,1]] is indefinite').toBe(false);
  });
});
