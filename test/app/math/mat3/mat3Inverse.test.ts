// mat3Inverse: M·M⁻¹ = I and agreement with three.js Matrix3.invert on random well-conditioned matrices; a given
// determinant is used as is.
import { Matrix3 } from 'three';
import { describe, expect, it } from 'vitest';
import { mat3Determinant, mat3Inverse } from '../../../../app/math/mat3/index.ts';
import { random } from '../sparse/helpers.ts';

describe('mat3Inverse', () => {
  it('gives M·M⁻¹ = I and matches three.js Matrix3.invert on 1,000 random matrices', () => {
    const next = random(5);
    const inverse = new Float64Array(9);
    let worstIdentity = 0;
    let worstThree = 0;
    for (let trial = 0; trial < 1000; trial++) {
      const m = Array.from({ length: 9 }, () => 4 * next() - 2);
      for (let k = 0; k < 3; k++) m[4 * k] += 5; // diagonally dominant: well conditioned
      mat3Inverse(m, inverse);
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          const product = m[3 * r] * inverse[c] + m[3 * r + 1] * inverse[3 + c] + m[3 * r + 2] * inverse[6 + c];
          worstIdentity = Math.max(worstIdentity, Math.abs(product - (r === c ? 1 : 0)));
        }
      }
      // three.js stores column-major: its transpose's elements are our row-major layout.
      const expected = new Matrix3().set(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]).invert().transpose().elements;
      for (let k = 0; k < 9; k++) worstThree = Math.max(worstThree, Math.abs(inverse[k] - expected[k]));
    }
    expect(worstIdentity, 'largest deviation of M·M⁻¹ from I').toBeLessThan(1e-13);
    expect(worstThree, 'largest deviation from three.js').toBeLessThan(1e-13);
  });

  it('uses a determinant passed in, and writes plain arrays too', () => {
    const m = [2, 0, 0, 0, 4, 0, 0, 0, 8];
    expect(mat3Inverse(m, new Array<number>(9), mat3Determinant(m)), 'diagonal').toEqual([0.5, 0, 0, 0, 0.25, 0, 0, 0, 0.125]);
    expect(mat3Inverse(m, new Array<number>(9), 2 * mat3Determinant(m))[0], 'the given determinant is trusted').toBe(0.25);
  });
});
