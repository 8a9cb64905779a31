// mat3Determinant: row-major determinant against three.js Matrix3.determinant on random matrices, and the sign
// convention for edge matrices (six times a positively oriented tet's volume).
import { Matrix3 } from 'three';
import { describe, expect, it } from 'vitest';
import { mat3Determinant } from '../../../../app/math/mat3/index.ts';
import { random } from '../sparse/helpers.ts';

describe('mat3Determinant', () => {
  it('equals three.js Matrix3.determinant on 1,000 random row-major matrices', () => {
    const next = random(3);
    let worst = 0;
    for (let trial = 0; trial < 1000; trial++) {
      const m = Array.from({ length: 9 }, () => 4 * next() - 2);
      const expected = new Matrix3().set(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]).determinant();
      worst = Math.max(worst, Math.abs(mat3Determinant(m) - expected));
    }
    expect(worst, 'largest deviation').toBeLessThan(1e-12);
  });

  it('is +6·volume for the edge matrix of the positively oriented unit corner tet, and 0 for a flat one', () => {
    expect(mat3Determinant([1, 0, 0, 0, 1, 0, 0, 0, 1]), 'corner tet (0,0,0) (1,0,0) (0,1,0) (0,0,1)').toBe(1);
    expect(mat3Determinant([1, 0, 2, 0, 1, 3, 0, 0, 0]), 'flat: third row zero').toBe(0);
  });
});
