// tetShapeGradients: the gradients reproduce affine fields exactly (Σ x_k g_kᵀ = A for x = A·X + t), sum to zero
// (partition of unity), and the volume is |det D|/6 for either orientation.
import { describe, expect, it } from 'vitest';
import { tetShapeGradients } from '../../../app/geometry/tetShapeGradients.ts';
import { random } from '../math/sparse/helpers.ts';

describe('tetShapeGradients', () => {
  it('reproduces the linear part of any affine map and sums to zero, on random tets', () => {
    const next = random(7);
    const g = new Float64Array(12);
    for (let trial = 0; trial < 200; trial++) {
      const rest = Array.from({ length: 12 }, () => next() * 2 - 1);
      const A = Array.from({ length: 9 }, () => next() * 2 - 1);
      tetShapeGradients(rest, [0, 1, 2, 3], 0, g);
      for (let c = 0; c < 3; c++) {
        expect(Math.abs(g[c] + g[3 + c] + g[6 + c] + g[9 + c]), 'Σ g_k = 0').toBeLessThan(1e-9 * (1 + Math.abs(g[c])));
      }
      // F = Σ_k (A X_k + t) g_kᵀ must equal A.
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 3; c++) {
          let F = 0;
          for (let k = 0; k < 4; k++) {
            const x = A[3 * r] * rest[3 * k] + A[3 * r + 1] * rest[3 * k + 1] + A[3 * r + 2] * rest[3 * k + 2] + 0.7;
            F += x * g[3 * k + c];
          }
          expect(F, `F[${r}][${c}] of trial ${trial}`).toBeCloseTo(A[3 * r + c], 6);
        }
      }
    }
  });

  it('returns the volume of the unit corner tet for both orientations', () => {
    const g = new Float64Array(12);
    expect(tetShapeGradients([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], [0, 1, 2, 3], 0, g), 'positive orientation').toBeCloseTo(1 / 6, 14);
    expect(tetShapeGradients([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], [0, 2, 1, 3], 0, g), 'inverted orientation').toBeCloseTo(1 / 6, 14);
  });
});
