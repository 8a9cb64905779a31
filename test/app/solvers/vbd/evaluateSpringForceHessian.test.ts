import { describe, expect, it } from 'vitest';
import { evaluateSpringForceHessian, springEnergy } from '../../../../app/solvers/vbd/index.ts';
import { evaluate, expectFiniteDifferences, maxAbsDifference, model } from './helpers.ts';

const rest = Float64Array.from([0, 0, 0, 0.3, 0.1, -0.05]);
const material = { youngsModulus: 1e6, poissonRatio: 0.3, density: 1000, damping: 0, crossSectionArea: 1e-4 };
const spring = (damping = 0) => model({ restPositions: rest, springs: { vertices: [0, 1], materials: { ...material, damping } } });

describe('evaluateSpringForceHessian', () => {
  it('the force is minus the gradient of k/2 (l − l₀)², stretched and compressed', () => {
    const m = spring();
    for (const scale of [1.3, 0.7]) {
      const x = Float64Array.from([0.01, -0.02, 0.03, 0.3 * scale, 0.1 * scale + 0.02, -0.05 * scale]);
      expectFiniteDifferences(evaluateSpringForceHessian, m, x, 2, { step: 1e-7, relative: 1e-6 }, `scale ${scale}, `, springEnergy);
    }
  });

  it('stiffness is E·A/L₀', () => {
    const m = spring();
    expect(m.springStiffness[0], 'k').toBeCloseTo((1e6 * 1e-4) / Math.hypot(0.3, 0.1, 0.05), 6);
  });

  it('the Hessian block is exact when stretched and positive semidefinite when compressed', () => {
    const m = spring();
    const stretched = Float64Array.from([0, 0, 0, 0.45, 0.1, -0.02]);
    expectFiniteDifferences(evaluateSpringForceHessian, m, stretched, 1, { step: 1e-7, relative: 1e-5 }, 'stretched, ');
    const compressed = Float64Array.from([0, 0, 0, 0.1, 0.02, -0.01]);
    const H = evaluate(evaluateSpringForceHessian, m, 0, 0, compressed).hessian;
    for (const d of [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
      [0.1, -1, 0.4],
      [-0.02, 0.1, 1],
    ]) {
      let q = 0;
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) q += d[r] * H[3 * r + c] * d[c];
      expect(q, `dᵀHd for ${d}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('damping is axial: a stretching rate is damped by k_d·k·l̇, a rigid rotation is not damped', () => {
    const kd = 0.01;
    const h = 0.01;
    const m = spring(kd);
    const plain = spring(0);
    const k = m.springStiffness[0];
    const direction = [0.3, 0.1, -0.05].map((c) => c / Math.hypot(0.3, 0.1, 0.05));
    // end 1 moves outward along the spring by δ during the step: l̇ = δ/h
    const delta = 1e-3;
    const start = Float64Array.from(rest, (v, i) => (i >= 3 ? v - delta * direction[i - 3] : v));
    const damped = evaluate(evaluateSpringForceHessian, m, 0, 1, rest, start, 1 / h).force;
    for (let a = 0; a < 3; a++) expect(damped[a], `axial ${a}`).toBeCloseTo(-kd * k * (delta / h) * direction[a], 6);
    // rotate end 1 about end 0 by a small angle around z
    const angle = 1e-4;
    const rotated = Float64Array.from(rest);
    rotated[3] = Math.cos(angle) * rest[3] - Math.sin(angle) * rest[4];
    rotated[4] = Math.sin(angle) * rest[3] + Math.cos(angle) * rest[4];
    const rotating = evaluate(evaluateSpringForceHessian, m, 0, 1, rotated, rest, 1 / h).force;
    const elastic = evaluate(evaluateSpringForceHessian, plain, 0, 1, rotated).force;
    expect(maxAbsDifference(rotating, elastic), 'no tangential damping').toBeLessThan(1e-5 * kd * k * (delta / h)); // second order: θ²L/2 vs δ
  });
});
