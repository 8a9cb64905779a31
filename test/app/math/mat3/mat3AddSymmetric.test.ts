// mat3AddSymmetric: accumulates a symmetric matrix into a row-major 3×3 and keeps it bitwise symmetric.
import { describe, expect, it } from 'vitest';
import { mat3AddSymmetric } from '../../../../app/math/mat3/index.ts';

describe('mat3AddSymmetric', () => {
  it('adds [xx xy xz; xy yy yz; xz yz zz] to every slot, mirrored entries equal bit for bit', () => {
    const out = Float64Array.of(1, 2, 3, 2, 5, 6, 3, 6, 9);
    mat3AddSymmetric(out, 10, 0.1, 0.2, 20, 0.3, 30);
    expect(Array.from(out), 'sum').toEqual([11, 2.1, 3.2, 2.1, 25, 6.3, 3.2, 6.3, 39]);
    expect([out[1] === out[3], out[2] === out[6], out[5] === out[7]], 'symmetric').toEqual([true, true, true]);
  });
});
