import { describe, expect, it } from 'vitest';
import { corotatedEnergy, evaluateCorotatedForceHessian } from '../../../../app/solvers/vbd/index.ts';
import { evaluate, expectFiniteDifferences, maxAbs, model, perturbed, rubber } from './helpers.ts';

// evaluateCorotatedForceHessian: the force is −∂E/∂x of μ‖F − R‖² + λ/2(J − 1)², the rest shape and rigid motions
// are stress free, and PBNG's Hessian block is SPD even for an inverted tet.
const rest = Float64Array.from([0, 0, 0, 0.1, 0, 0, 0, 0.12, 0, 0.01, 0.02, 0.09]);
const tet = (poissonRatio: number) =>
  model({ restPositions: rest, tetrahedra: { vertices: [0, 1, 2, 3], materials: { ...rubber, damping: 0, poissonRatio } }, tetEnergy: 'corotated' });

describe('evaluateCorotatedForceHessian', () => {
  it('the force is minus the gradient of the corotated energy (λ = 0 and λ > 0), stretched and inverted', () => {
    for (const nu of [0, 0.3]) {
      const m = tet(nu);
      const inverted = Float64Array.from(rest);
      inverted[11] = -0.05;
      for (const positions of [perturbed(rest, 0.03, 1), perturbed(rest, 0.06, 2), inverted]) {
        expectFiniteDifferences(evaluateCorotatedForceHessian, m, positions, 4, { step: 1e-7, relative: 1e-5, absolute: 1e-6 }, `ν = ${nu}, `, corotatedEnergy);
      }
    }
  });

  it('has no force or energy at rest and after a rigid motion', () => {
    const m = tet(0.3);
    const c = Math.cos(1.2);
    const s = Math.sin(1.2);
    const moved = Float64Array.from(rest, (_, k) => {
      const v = Math.floor(k / 3);
      const [x, y, z] = [rest[3 * v], rest[3 * v + 1], rest[3 * v + 2]];
      return [c * x - s * y + 1, s * x + c * y - 2, z + 0.5][k % 3];
    });
    for (const positions of [rest, moved]) {
      expect(Math.abs(corotatedEnergy(m, 0, positions)), 'energy').toBeLessThan(1e-12);
      for (let local = 0; local < 4; local++)
        expect(maxAbs(evaluate(evaluateCorotatedForceHessian, m, 0, local, positions).force), `force on ${local}`).toBeLessThan(1e-6);
    }
  });

  it('the Hessian block is symmetric positive definite for an inverted tet', () => {
    const m = tet(0.3);
    const x = Float64Array.from(rest);
    x[11] = -0.08;
    for (let local = 0; local < 4; local++) {
      const H = evaluate(evaluateCorotatedForceHessian, m, 0, local, x).hessian;
      const d3 = H[0] * (H[4] * H[8] - H[5] * H[7]) - H[1] * (H[3] * H[8] - H[5] * H[6]) + H[2] * (H[3] * H[7] - H[4] * H[6]);
      expect(H[0] > 0 && H[0] * H[4] - H[1] * H[3] > 0 && d3 > 0, `vertex ${local}`).toBe(true);
    }
  });
});
