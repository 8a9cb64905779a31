import { describe, expect, it } from 'vitest';
import { evaluateNeoHookeanForceHessian, lameParameters, neoHookeanEnergy } from '../../../../app/solvers/vbd/index.ts';
import { evaluate, expectFiniteDifferences, maxAbs, maxAbsDifference, model, perturbed, rubber } from './helpers.ts';

const rest = Float64Array.from([0, 0, 0, 0.1, 0, 0, 0, 0.12, 0, 0.01, 0.02, 0.09]);
const tet = (damping = 0, poissonRatio = 0.3) =>
  model({ restPositions: rest, tetrahedra: { vertices: [0, 1, 2, 3], materials: { ...rubber, damping, poissonRatio } } });

describe('evaluateNeoHookeanForceHessian', () => {
  it('the force is minus the gradient of the stable Neo-Hookean energy, for every vertex, stretched and inverted', () => {
    const m = tet();
    for (const [seed, amplitude] of [
      [1, 0.03],
      [2, 0.06],
    ] as const) {
      const x = perturbed(rest, amplitude, seed);
      const inverted = Float64Array.from(rest);
      inverted[11] = -0.05; // vertex 3 through the base: J < 0
      for (const positions of [x, inverted]) {
        expectFiniteDifferences(
          evaluateNeoHookeanForceHessian,
          m,
          positions,
          4,
          { step: 1e-7, relative: 1e-5, absolute: 1e-6 },
          `seed ${seed}, `,
          neoHookeanEnergy,
        );
      }
    }
  });

  it('the Hessian block is the exact derivative of the force (the ∂²J term vanishes on diagonal blocks)', () => {
    const m = tet();
    const x = perturbed(rest, 0.05, 7);
    expectFiniteDifferences(evaluateNeoHookeanForceHessian, m, x, 4, { step: 1e-7, relative: 1e-5 }, '');
  });

  it('the Hessian block is symmetric positive definite even for an inverted tet', () => {
    const m = tet();
    const x = Float64Array.from(rest);
    x[11] = -0.08;
    for (let local = 0; local < 4; local++) {
      const H = evaluate(evaluateNeoHookeanForceHessian, m, 0, local, x).hessian;
      expect(maxAbsDifference(H, [H[0], H[3], H[6], H[1], H[4], H[7], H[2], H[5], H[8]]), 'symmetric').toBe(0);
      // Sylvester: leading minors positive
      const d1 = H[0];
      const d2 = H[0] * H[4] - H[1] * H[3];
      const d3 = H[0] * (H[4] * H[8] - H[5] * H[7]) - H[1] * (H[3] * H[8] - H[5] * H[6]) + H[2] * (H[3] * H[7] - H[4] * H[6]);
      expect(d1 > 0 && d2 > 0 && d3 > 0, `vertex ${local} minors ${d1} ${d2} ${d3}`).toBe(true);
    }
  });

  it('the rest shape is stress free, and a small uniaxial strain gives the linear-elastic stress (λ+2μ)ε', () => {
    const m = tet();
    for (let local = 0; local < 4; local++) {
      expect(maxAbs(evaluate(evaluateNeoHookeanForceHessian, m, 0, local, rest).force), 'no force at rest').toBeLessThan(1e-12);
    }
    // F = diag(1+ε, 1, 1): the force on the faces normal to x is σ_xx·area; Σ_vertices x-forces·x_rest = −V σ_xx … use the
    // virtual-work identity Σ_i f_i·(∂x_i/∂ε) = −∂E/∂ε = −V σ_xx at small ε.
    const epsilon = 1e-6;
    const x = Float64Array.from(rest, (v, k) => (k % 3 === 0 ? v * (1 + epsilon) : v));
    let work = 0;
    for (let local = 0; local < 4; local++) work += evaluate(evaluateNeoHookeanForceHessian, m, 0, local, x).force[0] * rest[3 * local];
    const { mu, lambda } = lameParameters(rubber.youngsModulus, 0.3);
    const volume = m.tetRestVolumes[0];
    expect(Math.abs(-work / volume / epsilon - (lambda + 2 * mu)) / (lambda + 2 * mu), 'σ_xx/ε = λ + 2μ').toBeLessThan(1e-5);
  });

  it('elastic and damping forces sum to zero over the tet (momentum conservation)', () => {
    const m = tet(0.05);
    const x = perturbed(rest, 0.04, 3);
    const start = perturbed(rest, 0.04, 4);
    const total = new Float64Array(3);
    for (let local = 0; local < 4; local++) {
      const { force } = evaluate(evaluateNeoHookeanForceHessian, m, 0, local, x, start, 60);
      for (let k = 0; k < 3; k++) total[k] += force[k];
    }
    const scale = maxAbs(evaluate(evaluateNeoHookeanForceHessian, m, 0, 0, x, start, 60).force);
    expect(maxAbs(total), 'Σ f_i').toBeLessThan(1e-10 * scale);
  });

  it('damping equals Rayleigh k_d·K·v at the rest shape and ignores rigid translation and rotation', () => {
    const kd = 0.02;
    const h = 1 / 60;
    const damped = tet(kd);
    const x = Float64Array.from(rest);
    const velocity = perturbed(new Float64Array(12), 1e-3, 9);
    const start = Float64Array.from(x, (v, k) => v - h * velocity[k]);
    for (let local = 0; local < 4; local++) {
      const f = evaluate(evaluateNeoHookeanForceHessian, damped, 0, local, x, start, 1 / h).force;
      // −K v row `local` by central differences of the elastic force along v
      const s = 1e-4;
      const plus = evaluate(
        evaluateNeoHookeanForceHessian,
        damped,
        0,
        local,
        Float64Array.from(x, (v, k) => v + s * velocity[k]),
      ).force;
      const minus = evaluate(
        evaluateNeoHookeanForceHessian,
        damped,
        0,
        local,
        Float64Array.from(x, (v, k) => v - s * velocity[k]),
      ).force;
      const rayleigh = [0, 1, 2].map((k) => (kd * (plus[k] - minus[k])) / (2 * s));
      expect(maxAbsDifference(f, rayleigh), `vertex ${local}`).toBeLessThan(1e-3 * maxAbs(rayleigh));
    }
    // a deformed tet moving rigidly: translation exactly, a small rotation to second order
    const deformed = perturbed(rest, 0.03, 5);
    const translated = Float64Array.from(deformed, (v, k) => v - [0.3, -0.2, 0.1][k % 3]);
    const angle = 1e-4;
    const rotated = Float64Array.from(deformed);
    for (let v = 0; v < 4; v++) {
      const [px, py] = [deformed[3 * v], deformed[3 * v + 1]];
      rotated[3 * v] = Math.cos(angle) * px + Math.sin(angle) * py;
      rotated[3 * v + 1] = -Math.sin(angle) * px + Math.cos(angle) * py;
    }
    const stretched = Float64Array.from(deformed, (v, k) => (k % 3 === 0 ? v * (1 - angle) : v));
    const plain = tet(0);
    for (let local = 0; local < 4; local++) {
      const elastic = evaluate(evaluateNeoHookeanForceHessian, plain, 0, local, deformed).force;
      const fTranslation = evaluate(evaluateNeoHookeanForceHessian, damped, 0, local, deformed, translated, 1 / h).force;
      const fRotation = evaluate(evaluateNeoHookeanForceHessian, damped, 0, local, deformed, rotated, 1 / h).force;
      const fStretch = evaluate(evaluateNeoHookeanForceHessian, damped, 0, local, deformed, stretched, 1 / h).force;
      const dampingOf = (f: Float64Array) => maxAbsDifference(f, elastic);
      expect(dampingOf(fTranslation), 'translation is not damped').toBeLessThan(1e-9 * maxAbs(elastic) + 1e-12);
      expect(dampingOf(fRotation), 'rotation is not damped (to first order)').toBeLessThan(1e-3 * dampingOf(fStretch));
    }
  });
});
