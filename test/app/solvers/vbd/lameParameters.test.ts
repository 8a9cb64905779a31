import { describe, expect, it } from 'vitest';
import { lameParameters } from '../../../../app/solvers/vbd/index.ts';

describe('lameParameters', () => {
  it('inverts the isotropic relations E = μ(3λ+2μ)/(λ+μ), ν = λ/(2(λ+μ)); plane stress λ_ps = 2μλ/(λ+2μ)', () => {
    for (const [E, nu] of [[1e6, 0.3], [2e5, 0], [5e4, 0.49], [1e7, -0.2]]) {
      const { mu, lambda, planeStressLambda } = lameParameters(E, nu);
      expect((mu * (3 * lambda + 2 * mu)) / (lambda + mu) / E, `E for ν = ${nu}`).toBeCloseTo(1, 12);
      expect(lambda / (2 * (lambda + mu)), `ν for ν = ${nu}`).toBeCloseTo(nu, 12);
      expect(planeStressLambda, 'plane stress').toBeCloseTo((2 * mu * lambda) / (lambda + 2 * mu), 6);
    }
  });

  it('rejects E ≤ 0 and ν outside (−1, 0.5)', () => {
    expect(() => lameParameters(0, 0.3), 'E = 0').toThrow(/Young's modulus/);
    expect(() => lameParameters(1e5, 0.5), 'ν = 0.5').toThrow(/Poisson ratio/);
    expect(() => lameParameters(1e5, -1), 'ν = −1').toThrow(/Poisson ratio/);
  });
});
