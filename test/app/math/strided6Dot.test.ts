// strided6Dot reads a row (stride 1) or a column (stride 6) of a row-major 6×6: against unit vectors it returns the
// entry of that row or column, and against another vector the sum in k order.
import { describe, expect, it } from 'vitest';
import { strided6Dot } from '../../../app/math/strided6Dot.ts';

describe('strided6Dot', () => {
  const A = Float64Array.from({ length: 36 }, (_, k) => 10 * Math.floor(k / 6) + (k % 6));
  const unit = (k: number) => Float64Array.from({ length: 6 }, (_, j) => (j === k ? 1 : 0));

  it('a row (stride 1) against e_k is A[r][k], a column (stride 6) against e_k is A[k][c]', () => {
    for (let r = 0; r < 6; r++)
      for (let k = 0; k < 6; k++) {
        expect(strided6Dot(A, 6 * r, 1, unit(k), 0, 1), `row ${r} · e_${k}`).toBe(10 * r + k);
        expect(strided6Dot(A, r, 6, unit(k), 0, 1), `column ${r} · e_${k}`).toBe(10 * k + r);
      }
  });

  it('two rows give the product entry (A·Aᵀ)[1][2] = Σ_k A[1][k]·A[2][k]', () => {
    let expected = 0;
    for (let k = 0; k < 6; k++) expected += (10 + k) * (20 + k);
    expect(strided6Dot(A, 6, 1, A, 12, 1), 'rows 1 and 2').toBe(expected);
  });
});
