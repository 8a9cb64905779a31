// mat3AddOuterProduct: adds a·bᵀ (row-major) read from two arrays at offsets, so a sum of outer products built term by
// term equals the matrix product it stands for.
import { describe, expect, it } from 'vitest';
import { mat3AddOuterProduct } from '../../../../app/math/mat3/index.ts';

describe('mat3AddOuterProduct', () => {
  it('adds a_r·b_c to slot 3r + c, reading a and b at their offsets', () => {
    const out = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
    mat3AddOuterProduct(out, [9, 1, 2, 3], 1, Float32Array.of(0, 0, 4, 5, 6), 2);
    expect(Array.from(out), 'I + a bᵀ').toEqual([5, 5, 6, 8, 11, 12, 12, 15, 19]);
  });

  it('summed over k, equals the product X·G of the 3×N matrix X (columns x_k) and the N×3 matrix G (rows g_k)', () => {
    const x = [1, 2, 3, -1, 0.5, 2, 4, -3, 0.25]; // x_0, x_1, x_2 as rows of this array
    const g = [0.5, 1, -2, 3, 0, 1, -1, 2, 2]; // g_0, g_1, g_2
    const out = new Float64Array(9);
    for (let k = 0; k < 3; k++) mat3AddOuterProduct(out, x, 3 * k, g, 3 * k);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const expected = x[r] * g[c] + x[3 + r] * g[3 + c] + x[6 + r] * g[6 + c];
        expect(out[3 * r + c], `entry ${r},${c}`).toBe(expected);
      }
    }
  });
});
