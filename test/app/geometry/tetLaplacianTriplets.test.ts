// tetLaplacianTriplets: ½pᵀLp = ½Σ V‖F(p)‖² (the Dirichlet energy of the P1 field), constants are in the null
// space, and the off-diagonal entries equal the tet cotangent formula −(1/6)·l·cot θ.
import { describe, expect, it } from 'vitest';
import { tetDeformationGradient } from '../../../app/geometry/tetDeformationGradient.ts';
import { tetLaplacianTriplets } from '../../../app/geometry/tetLaplacianTriplets.ts';
import { tetShapeGradients } from '../../../app/geometry/tetShapeGradients.ts';
import { random } from '../math/sparse/helpers.ts';

describe('tetLaplacianTriplets', () => {
  const rest = [0, 0, 0, 1, 0, 0, 0.2, 1, 0, 0.3, 0.4, 1.1];
  const tets = [0, 1, 2, 3];
  const g = new Float64Array(12);
  const volume = tetShapeGradients(rest, tets, 0, g);
  const rows = new Int32Array(16);
  const columns = new Int32Array(16);
  const values = new Float64Array(16);
  const end = tetLaplacianTriplets(tets, 1, g, [volume], 2, rows, columns, values, 0);
  const L = new Float64Array(16);
  for (let k = 0; k < 16; k++) L[4 * rows[k] + columns[k]] += values[k];

  it('writes 16 triplets and is the Dirichlet energy 2·V‖F‖² (scale 2) of random deformations', () => {
    expect(end, 'slots written').toBe(16);
    const next = random(3);
    const F = new Float64Array(9);
    for (let trial = 0; trial < 20; trial++) {
      const p = Array.from({ length: 12 }, () => next());
      let quadratic = 0;
      for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) for (let c = 0; c < 3; c++) quadratic += p[3 * i + c] * L[4 * i + j] * p[3 * j + c];
      tetDeformationGradient(p, tets, g, 0, F);
      let norm = 0;
      for (let e = 0; e < 9; e++) norm += F[e] * F[e];
      expect(quadratic, 'pᵀLp').toBeCloseTo(2 * volume * norm, 10);
    }
  });

  it('has constants in its null space and the cotangent off-diagonals', () => {
    for (let i = 0; i < 4; i++) expect(Math.abs(L[4 * i] + L[4 * i + 1] + L[4 * i + 2] + L[4 * i + 3]), `row ${i} sum`).toBeLessThan(1e-12);
    // Edge (0,1) is opposite edge (2,3); L_01 = −(1/6)·|x2 − x3|·cot(dihedral angle at edge 23), times scale 2.
    const p = (k: number) => [rest[3 * k], rest[3 * k + 1], rest[3 * k + 2]];
    const sub = (a: number[], b: number[]) => a.map((x, i) => x - b[i]);
    const cross = (a: number[], b: number[]) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    const e = sub(p(3), p(2));
    const n0 = cross(e, sub(p(0), p(2)));
    const n1 = cross(e, sub(p(1), p(2)));
    // Dihedral angle between faces (2,3,0) and (2,3,1) along edge 23.
    const cosine = dot(n0, n1) / Math.hypot(...n0) / Math.hypot(...n1);
    const sine = Math.abs(dot(cross(n0, n1), e)) / Math.hypot(...n0) / Math.hypot(...n1) / Math.hypot(...e);
    expect(L[1], 'L_01 = −(2/6)·l_23·cot θ_23').toBeCloseTo((-2 / 6) * Math.hypot(...e) * (cosine / sine), 10);
  });
});
