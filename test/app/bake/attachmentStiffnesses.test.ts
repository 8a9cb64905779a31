// attachmentStiffnesses against physics: κ = 1/δ with δ the static compliance of the body held at its driver.
// - A wide slab of ν = 0 material held at its base lags, under a uniform acceleration, as the 1D shear and
//   compression layers do: δ_top = ρL²/(2μ) sideways and ρL²/(2E) along the thickness (the average is δ).
// - δ ∝ ρL²/μ exactly (K ∝ μL, M ∝ ρL³): κ scales with μ/ρ and 1/size².
// - The meaning of the weight: with the springs m·κ·(1 − w)/w, the body under a uniform acceleration lags w times as
//   far as free physics (checked with the quasistatic VBD step, seed 000 Eq. 2.6 without inertia).
import { describe, expect, it } from 'vitest';
import { attachmentStiffnesses } from '../../../app/bake/index.ts';
import { boxTetrahedra, createVbdModel, createVbdState, step, type VbdModel } from '../../../app/solvers/vbd/index.ts';

const cells: [number, number, number] = [10, 10, 3];
const size: [number, number, number] = [1, 1, 0.1];

function slab(youngsModulus: number, density: number, scale = 1): { model: VbdModel; base: Uint8Array; top: number } {
  const { positions, tetrahedra } = boxTetrahedra(cells, [size[0] * scale, size[1] * scale, size[2] * scale]);
  const model = createVbdModel({
    restPositions: positions,
    tetrahedra: { vertices: tetrahedra, materials: { youngsModulus, poissonRatio: 0, density, damping: 0 } },
  });
  const base = Uint8Array.from({ length: model.vertexCount }, (_, v) => (positions[3 * v + 2] === 0 ? 1 : 0));
  const [nx, ny, nz] = cells;
  const top = nx / 2 + (nx + 1) * (ny / 2 + (ny + 1) * nz);
  return { model, base, top };
}

describe('attachmentStiffnesses', () => {
  it('a slab held at its base: κ at the top centre is 1/δ with δ the average of the shear and compression lags, within 5%', () => {
    const E = 2e4;
    const rho = 1000;
    const { model, base, top } = slab(E, rho);
    const kappa = attachmentStiffnesses(model, base);
    const L = size[2];
    const mu = E / 2;
    const expected = (2 * ((rho * L * L) / (2 * mu)) + (rho * L * L) / (2 * E)) / 3;
    expect(Math.abs(1 / kappa[top] - expected) / expected, `δ_top = ${1 / kappa[top]} s² vs ${expected} s²`).toBeLessThan(0.05);
  });

  it('scales with μ/ρ and with 1/size² exactly', () => {
    const { model, base, top } = slab(2e4, 1000);
    const reference = attachmentStiffnesses(model, base)[top];
    const stiffer = slab(8e4, 1000);
    const denser = slab(2e4, 4000);
    const bigger = slab(2e4, 1000, 3);
    expect(attachmentStiffnesses(stiffer.model, stiffer.base)[top] / reference, '4× E').toBeCloseTo(4, 9);
    expect(attachmentStiffnesses(denser.model, denser.base)[top] / reference, '4× ρ').toBeCloseTo(0.25, 9);
    expect(attachmentStiffnesses(bigger.model, bigger.base)[top] / reference, '3× size').toBeCloseTo(1 / 9, 9);
  });

  it('never goes below the floor it is given, and held vertices get a finite κ', () => {
    const { model, base, top } = slab(2e4, 1000);
    const kappa = attachmentStiffnesses(model, base, 1e6);
    expect(kappa[top], 'floored top').toBe(1e6);
    const free = attachmentStiffnesses(model, base);
    expect(
      free.every((k) => Number.isFinite(k) && k > 0),
      'every κ finite and positive',
    ).toBe(true);
  });

  // κ averages the compliance of the three directions; sideways is the slab's softest, so its lag comes out a little
  // below w (≈ 0.88 w at w = 0.25), never above.
  it.each([0.25, 0.5, 0.75])('weight %s: under a sideways acceleration the top lags w times as far as free physics (within 15%)', (weight) => {
    const { model, base, top } = slab(2e4, 1000);
    const kappa = attachmentStiffnesses(model, base);
    const lag = (w: number): number => {
      const state = createVbdState(model);
      const weights = Float64Array.from(base, (held) => (held ? 0 : w));
      step(
        model,
        state,
        state,
        { quasistatic: true, gravity: [1, 0, 0], blendWeights: weights, attachmentStiffness: kappa, iterations: 4000, residualTolerance: 1e-9 },
        1,
      );
      return state.positions[3 * top] - model.restPositions[3 * top];
    };
    const free = lag(1);
    expect(free, 'free physics lags along the acceleration').toBeGreaterThan(0);
    const ratio = lag(weight) / free;
    expect(ratio, `lag ratio at w = ${weight}`).toBeGreaterThan(0.85 * weight);
    expect(ratio, `lag ratio at w = ${weight}`).toBeLessThan(1.02 * weight);
  });
});
