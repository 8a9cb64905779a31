// stepGearSwing: each mode of a piece of gear is a damped oscillator integrated exactly (against the closed form of
// ẍ + 2ζωẋ + ω²x = 0), so one step of dt equals many steps that sum to it (the same motion at every frame rate); the
// weight scales the stiffness (ω/√w); the limits hold: no entry into the surface the gear rests on, no angle or shift
// past the caps.
import { describe, expect, it } from 'vitest';
import { gearSwingModel } from '../../../app/bake/gearSwingModel.ts';
import { stepGearSwing } from '../../../app/bake/stepGearSwing.ts';
import { pointMassBody } from './pointMassBody.ts';

function hangingBox() {
  const points: number[][] = [];
  for (const x of [0, 0.05]) for (const y of [0, -0.12]) for (const z of [-0.05, 0.05]) points.push([x, y, z]);
  const { lever, inertia } = pointMassBody(points);
  const stiffness = inertia.map((v) => 150 * v);
  return { lever, inertia, stiffness };
}

const state = () => ({ displacement: new Float64Array(6), rate: new Float64Array(6) });

describe('stepGearSwing', () => {
  it('moves each mode as the closed-form damped oscillator, its frequency ω/√w', () => {
    const { lever, inertia, stiffness } = hangingBox();
    const model = gearSwingModel(lever, inertia, stiffness, 25, [0, 0, 0], 10, 10);
    const weight = 0.6;
    const zeta = 0.3;
    for (let i = 0; i < 6; i++) {
      const s = state();
      for (let r = 0; r < 6; r++) s.displacement[r] = 1e-3 * model.modes[6 * r + i];
      const t = 0.37;
      stepGearSwing(model, s, { weight, zeta, maxStep: 1 / 120 }, t);
      const omega = Math.sqrt(model.eigenvalues[i] / weight);
      const damped = omega * Math.sqrt(1 - zeta * zeta);
      const x = 1e-3 * Math.exp(-zeta * omega * t) * (Math.cos(damped * t) + ((zeta * omega) / damped) * Math.sin(damped * t));
      for (let r = 0; r < 6; r++) {
        expect(Math.abs(s.displacement[r] - x * model.modes[6 * r + i]), `mode ${i}, coordinate ${r}: the closed form`).toBeLessThan(1e-12);
      }
    }
  });

  it('one step of dt equals any number of steps summing to it (no limit reached)', () => {
    const { lever, inertia, stiffness } = hangingBox();
    const model = gearSwingModel(lever, inertia, stiffness, 25, [0, 0, 0], 10, 10);
    const controls = { weight: 0.8, zeta: 0.1, maxStep: 1 };
    const a = state();
    const b = state();
    for (const s of [a, b]) s.rate.set([0.01, -0.02, 0.005, 0.3, -0.1, 0.2]);
    stepGearSwing(model, a, controls, 0.5);
    for (let k = 0; k < 12; k++) stepGearSwing(model, b, controls, 0.5 / 12);
    for (let r = 0; r < 6; r++) {
      expect(Math.abs(a.displacement[r] - b.displacement[r]), `q ${r}`).toBeLessThan(1e-12);
      expect(Math.abs(a.rate[r] - b.rate[r]), `q̇ ${r}`).toBeLessThan(1e-11);
    }
  });

  it('never enters the surface it rests on, and keeps its angle and shift within the caps', () => {
    const { lever, inertia, stiffness } = hangingBox();
    const normal = [1, 0, 0];
    const model = gearSwingModel(lever, inertia, stiffness, 25, normal, 0.3, 0.02);
    const s = state();
    // Thrown hard into the host (−x) and twisted.
    s.rate.set([-2, 0.5, 0, 0, 0, -20]);
    for (let k = 0; k < 60; k++) {
      stepGearSwing(model, s, { weight: 1, zeta: 0.05, maxStep: 1 / 120 }, 1 / 30);
      const [ux, uy, uz, tx, ty, tz] = s.displacement;
      const hinge = ux * normal[0] + uy * normal[1] + uz * normal[2];
      // the centre of mass moves by u + θ × c
      const centre =
        hinge + (ty * lever[2] - tz * lever[1]) * normal[0] + (tz * lever[0] - tx * lever[2]) * normal[1] + (tx * lever[1] - ty * lever[0]) * normal[2];
      expect(hinge, `frame ${k}: the hinge stays out of the host`).toBeGreaterThanOrEqual(-1e-12);
      expect(centre, `frame ${k}: the centre of mass stays out of the host`).toBeGreaterThanOrEqual(-1e-12);
      expect(Math.hypot(tx, ty, tz), `frame ${k}: angle capped`).toBeLessThanOrEqual(0.3 + 1e-12);
      expect(Math.hypot(ux, uy, uz), `frame ${k}: shift capped`).toBeLessThanOrEqual(0.02 + 1e-12);
    }
  });
});
