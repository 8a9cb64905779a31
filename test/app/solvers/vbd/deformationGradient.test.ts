// deformationGradient: F = D_s·D_m⁻¹ recovers the linear part of an affine motion x = A·X + t of the tet.
import { describe, expect, it } from 'vitest';
import { mat3Inverse } from '../../../../app/math/mat3/index.ts';
import { deformationGradient } from '../../../../app/solvers/vbd/deformationGradient.ts';

describe('deformationGradient', () => {
  it('returns A for every tet moved by x = A·X + t', () => {
    // two tets over five rest points; the second lists its vertices in another order
    const rest = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1];
    const tetVertices = Uint32Array.of(0, 1, 2, 3, 4, 3, 1, 2);
    const restShapeInverse = new Float64Array(18);
    for (let t = 0; t < 2; t++) {
      const a = 3 * tetVertices[4 * t];
      const Dm = new Float64Array(9);
      for (let r = 0; r < 3; r++) for (let k = 0; k < 3; k++) Dm[3 * r + k] = rest[3 * tetVertices[4 * t + k + 1] + r] - rest[a + r];
      restShapeInverse.set(mat3Inverse(Dm, new Float64Array(9)), 9 * t);
    }
    const A = [1.5, 0.25, -0.5, 0.1, 0.8, 0.3, -0.2, 0.4, 1.2];
    const positions = new Float64Array(15);
    for (let v = 0; v < 5; v++) {
      for (let r = 0; r < 3; r++) positions[3 * v + r] = A[3 * r] * rest[3 * v] + A[3 * r + 1] * rest[3 * v + 1] + A[3 * r + 2] * rest[3 * v + 2] + (r + 1);
    }
    for (let t = 0; t < 2; t++) {
      const F = deformationGradient(tetVertices, t, positions, restShapeInverse, new Float64Array(9));
      for (let k = 0; k < 9; k++) expect(F[k], `tet ${t} entry ${k}`).toBeCloseTo(A[k], 12);
    }
  });
});
