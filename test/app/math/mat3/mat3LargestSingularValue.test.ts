// mat3LargestSingularValue against matrices whose spectral norm is known.
import { describe, expect, it } from 'vitest';
import { mat3LargestSingularValue } from '../../../../app/math/mat3/index.ts';

describe('mat3LargestSingularValue', () => {
  it('a rotation is 1, a scaled rotation its scale, diag(1, 3, 2) with translation 3, a blend of two rotations less than 1', () => {
    const c = Math.cos(0.7);
    const s = Math.sin(0.7);
    const rotation = [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1];
    expect(mat3LargestSingularValue(rotation), 'rotation').toBeCloseTo(1, 12);
    expect(mat3LargestSingularValue(rotation.map((x, i) => (i < 12 ? 2.5 * x : x))), 'scaled rotation').toBeCloseTo(2.5, 12);
    expect(mat3LargestSingularValue([1, 0, 0, 0, 0, 3, 0, 0, 0, 0, 2, 0, 9, 9, 9, 1]), 'diagonal, translation ignored').toBeCloseTo(3, 12);
    const blend = rotation.map((x, i) => (i < 12 ? 0.5 * x + 0.5 * (i % 5 === 0 ? 1 : 0) : x));
    expect(mat3LargestSingularValue(blend), 'an LBS blend of rotations does not stretch').toBeLessThanOrEqual(1 + 1e-12);
    expect(mat3LargestSingularValue([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1], 0), 'zero').toBe(0);
  });
});
