import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lameParameters, MAX_POISSON_RATIO, step, vbdSceneFromJson } from '../../../../app/solvers/vbd/index.ts';

describe('lameParameters', () => {
  it('inverts the isotropic relations E = μ(3λ+2μ)/(λ+μ), ν = λ/(2(λ+μ)); plane stress λ_ps = 2μλ/(λ+2μ)', () => {
    for (const [E, nu] of [
      [1e6, 0.3],
      [2e5, 0],
      [5e4, 0.49],
      [1e7, -0.2],
    ]) {
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

describe('MAX_POISSON_RATIO', () => {
  /** Largest |coordinate| over 120 frames of the animated jelly cube at Poisson ratio ν (ν itself bypasses the limit). */
  function largestExcursion(nu: number): number {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json = JSON.parse(readFileSync(new URL('../../../fixtures/scenes/animated-jelly.json', import.meta.url), 'utf8')) as Record<string, any>;
    json.material.poissonRatio = 0.3;
    json.frames = 120;
    const scene = vbdSceneFromJson(json);
    // The model with ν set directly, past the validation, to see what the solver does there.
    const { mu, lambda } = lameRaw(json.material.youngsModulus, nu);
    scene.model.tetMu.fill(mu);
    scene.model.tetLambda.fill(lambda);
    let largest = 0;
    for (let f = 1; f <= scene.frames; f++) {
      const pose = (k: number) => scene.animation[Math.min(k, scene.animation.length - 1)];
      step(scene.model, scene.state, scene.state, { ...scene.controls, targetsStart: pose(f - 1), targets: pose(f) }, scene.timeStep);
      for (const x of scene.state.positions) largest = Math.max(largest, Number.isFinite(x) ? Math.abs(x) : Infinity);
    }
    return largest;
  }
  const lameRaw = (E: number, nu: number) => ({ mu: E / (2 * (1 + nu)), lambda: (E * nu) / ((1 + nu) * (1 - 2 * nu)) });

  it('is where the solver stays sound: the 0.2 m jelly stays within its 0.5 m reach at the limit, and diverges at 0.4999', () => {
    expect(MAX_POISSON_RATIO, 'the limit').toBe(0.495);
    expect(largestExcursion(MAX_POISSON_RATIO), 'bounded at the limit').toBeLessThan(0.5);
    expect(largestExcursion(0.4999), 'divergence past it (why there is a limit)').toBeGreaterThan(100);
    expect(() => lameParameters(1e5, 0.4999999), 'refused').toThrow(/Poisson ratio must be in \(-1, 0\.495\]/);
  });
});
