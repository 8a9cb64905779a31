// tetDeformationGradient: F of a rigidly moved tet is its rotation; F of the rest shape is the identity.
import { describe, expect, it } from 'vitest';
import { tetDeformationGradient } from '../../../app/geometry/tetDeformationGradient.ts';
import { tetShapeGradients } from '../../../app/geometry/tetShapeGradients.ts';

describe('tetDeformationGradient', () => {
  it('is I at rest and R after a rigid motion', () => {
    const rest = [0, 0, 0, 1, 0, 0, 0.2, 1, 0, 0.3, 0.4, 1.1];
    const g = new Float64Array(12);
    tetShapeGradients(rest, [0, 1, 2, 3], 0, g);
    const F = new Float64Array(9);
    tetDeformationGradient(rest, [0, 1, 2, 3], g, 0, F);
    [1, 0, 0, 0, 1, 0, 0, 0, 1].forEach((value, e) => expect(F[e], `rest F[${e}]`).toBeCloseTo(value, 12));
    const c = Math.cos(0.7);
    const s = Math.sin(0.7);
    const R = [c, -s, 0, s, c, 0, 0, 0, 1];
    const moved = rest.map((_, i) => {
      const k = Math.floor(i / 3);
      const r = i % 3;
      return R[3 * r] * rest[3 * k] + R[3 * r + 1] * rest[3 * k + 1] + R[3 * r + 2] * rest[3 * k + 2] + [5, -2, 1][r];
    });
    tetDeformationGradient(moved, [0, 1, 2, 3], g, 0, F);
    R.forEach((value, e) => expect(F[e], `rotated F[${e}]`).toBeCloseTo(value, 12));
  });
});
