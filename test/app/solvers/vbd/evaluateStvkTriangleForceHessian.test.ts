import { describe, expect, it } from 'vitest';
import { evaluateStvkTriangleForceHessian, stvkTriangleEnergy } from '../../../../app/solvers/vbd/index.ts';
import { evaluate, expectFiniteDifferences, maxAbs, maxAbsDifference, model, perturbed } from './helpers.ts';

// a tilted triangle, not aligned with any axis
const rest = Float64Array.from([0, 0, 0, 0.1, 0.02, 0.01, 0.03, 0.09, -0.02]);
const cloth = { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping: 0, thickness: 0.001 };
const triangle = (damping = 0) => model({ restPositions: rest, triangles: { vertices: [0, 1, 2], materials: { ...cloth, damping } } });

function rotateY(x: Float64Array, angle: number): Float64Array {
  const out = Float64Array.from(x);
  for (let v = 0; v < x.length / 3; v++) {
    out[3 * v] = Math.cos(angle) * x[3 * v] + Math.sin(angle) * x[3 * v + 2];
    out[3 * v + 2] = -Math.sin(angle) * x[3 * v] + Math.cos(angle) * x[3 * v + 2];
  }
  return out;
}

describe('evaluateStvkTriangleForceHessian', () => {
  it('the force is minus the gradient of the StVK membrane energy', () => {
    const m = triangle();
    for (const seed of [1, 2, 3]) {
      const x = perturbed(rest, 0.02, seed);
      expectFiniteDifferences(evaluateStvkTriangleForceHessian, m, x, 3, { step: 1e-7, relative: 1e-5 }, `seed ${seed}, `, stvkTriangleEnergy);
    }
  });

  it('the Hessian block is the exact derivative of the force when stretched', () => {
    const m = triangle();
    const x = Float64Array.from(perturbed(rest, 0.005, 4), (v) => 1.2 * v);
    expectFiniteDifferences(evaluateStvkTriangleForceHessian, m, x, 3, { step: 1e-7, relative: 1e-5 }, 'stretched, ');
  });

  it('the Hessian block stays positive semidefinite under compression', () => {
    const m = triangle();
    const x = Float64Array.from(rest, (v) => 0.6 * v);
    for (let local = 0; local < 3; local++) {
      const H = evaluate(evaluateStvkTriangleForceHessian, m, 0, local, x).hessian;
      // xᵀHx ≥ 0 on many directions
      for (let k = 0; k < 50; k++) {
        const d = perturbed(new Float64Array(3), 1, 100 + k);
        let q = 0;
        for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) q += d[r] * H[3 * r + c] * d[c];
        expect(q, `direction ${k}`).toBeGreaterThanOrEqual(-1e-9 * maxAbs(H));
      }
    }
  });

  it('is invariant to rigid motion: the rotated, translated rest triangle feels no force', () => {
    const m = triangle();
    const moved = rotateY(rest, 0.7).map((v, k) => v + [1, -2, 3][k % 3]);
    for (let local = 0; local < 3; local++) {
      expect(maxAbs(evaluate(evaluateStvkTriangleForceHessian, m, 0, local, moved).force), `vertex ${local}`).toBeLessThan(1e-9);
    }
  });

  it('damping sums to zero over the triangle and does not damp rigid translation', () => {
    const m = triangle(0.05);
    const x = perturbed(rest, 0.01, 5);
    const start = perturbed(rest, 0.01, 6);
    const total = [0, 0, 0];
    for (let local = 0; local < 3; local++) {
      const f = evaluate(evaluateStvkTriangleForceHessian, m, 0, local, x, start, 60).force;
      for (let k = 0; k < 3; k++) total[k] += f[k];
    }
    expect(maxAbs(total), 'Σ f_i').toBeLessThan(1e-9 * maxAbs(evaluate(evaluateStvkTriangleForceHessian, m, 0, 0, x, start, 60).force));
    const translated = x.map((v, k) => v - [0.1, 0.2, -0.3][k % 3]);
    for (let local = 0; local < 3; local++) {
      const withDamping = evaluate(evaluateStvkTriangleForceHessian, m, 0, local, x, translated, 60).force;
      const without = evaluate(evaluateStvkTriangleForceHessian, m, 0, local, x, x, 60).force;
      expect(maxAbsDifference(withDamping, without), `vertex ${local}`).toBeLessThan(1e-9 * maxAbs(without));
    }
  });
});
