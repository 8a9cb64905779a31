// `step` following an animation: equilibrium at the targets, damping relative to them, the attachment dashpot, the
// target-offset guess, adaptive iterations, and the hard clamp of controls.maxDistances. The dynamics are tested in
// step.test.ts, the other controls in stepControls.test.ts.
import { describe, expect, it } from 'vitest';
import { createVbdModel, createVbdState, step, type VbdInitialization } from '../../../../app/solvers/vbd/index.ts';
import { maxAbsDifference, rubber } from './helpers.ts';
import { box, boxModel } from './jellyBox.ts';

describe('step: following an animation (equilibrium at the targets, damping relative to them, target-offset guess)', () => {
  // A lattice whose elastic reference disagrees with its targets (a reference scaled by 1.3, as a clamped animated
  // rest shape can): only equilibriumAtTargets keeps a body that starts on its held-still targets there.
  it('equilibriumAtTargets makes held-still targets an exact equilibrium even when the elastic reference disagrees', () => {
    const model = boxModel();
    const reference = model.tetRestShapeInverse.map((x) => x / 1.3);
    const weights = new Float64Array(model.vertexCount).fill(0.5);
    weights[0] = 0;
    const run = (equilibriumAtTargets: boolean) => {
      const state = createVbdState(model);
      const controls = { gravity: [0, 0, 0], blendWeights: weights, iterations: 60, tetRestShapeInverse: reference, equilibriumAtTargets };
      for (let f = 0; f < 30; f++) step(model, state, state, controls, 1 / 30);
      return maxAbsDifference(state.positions, model.restPositions);
    };
    expect(run(true), 'with: distance from the targets after 1 s [m]').toBeLessThan(1e-9);
    expect(run(false), 'without: the clamped reference pulls the body off its targets [m]').toBeGreaterThan(1e-2);
  });

  it('dampRelativeToTargets: a body carried at constant velocity does not lag, while damping against x^t drags it by α·v·w/(κ(1−w))', () => {
    const model = boxModel();
    const velocity = 2;
    const w = 0.5;
    const kappa = 400;
    const alpha = 10;
    const h = 1 / 60;
    const run = (dampRelativeToTargets: boolean) => {
      const velocities = new Float64Array(3 * model.vertexCount).map((_, k) => (k % 3 === 0 ? velocity : 0));
      const state = createVbdState(model, { velocities });
      const targetsStart = Float64Array.from(model.restPositions);
      const targets = Float64Array.from(model.restPositions);
      for (let f = 0; f < 240; f++) {
        targetsStart.set(targets);
        for (let k = 0; k < targets.length; k += 3) targets[k] += velocity * h;
        step(
          model,
          state,
          state,
          {
            gravity: [0, 0, 0],
            blendWeights: new Float64Array(model.vertexCount).fill(w),
            attachmentStiffness: kappa,
            targetDamping: alpha,
            dampRelativeToTargets,
            targetsStart,
            targets,
            iterations: 40,
            residualTolerance: 1e-12,
          },
          h,
        );
      }
      let lag = 0;
      for (let k = 0; k < targets.length; k += 3) lag += (targets[k] - state.positions[k]) / model.vertexCount;
      return lag;
    };
    expect(Math.abs(run(true)), 'relative: lag behind the moving targets [m]').toBeLessThan(1e-9);
    const expected = (alpha * velocity * w) / (kappa * (1 - w));
    expect(Math.abs(run(false) - expected) / expected, `absolute: lag vs α·v·w/(κ(1−w)) = ${expected} m`).toBeLessThan(0.01);
  });

  it('the attachment dashpot damps the offset from the animation at α/2: a displaced free vertex decays as e^{−αt/2} (within 3%)', () => {
    // One vertex of a spring-free model: x'' = −ω²x − αx' (implicit Euler adds its own ≈ ω²h/2, 1.7% here).
    const model = createVbdModel({ restPositions: [0, 0, 0, 1, 0, 0], springs: { vertices: [0, 1], materials: { ...rubber, youngsModulus: 1e-9 } } });
    const weights = Float64Array.of(0, 0.5);
    const alpha = 4;
    const state = createVbdState(model, { positions: [0, 0, 0, 1.01, 0, 0] });
    const peaks: number[] = [];
    let previous = 0.01;
    let rising = false;
    const h = 1 / 6000;
    for (let f = 0; f < 12000; f++) {
      step(
        model,
        state,
        state,
        { gravity: [0, 0, 0], blendWeights: weights, attachmentStiffness: 400, targetDamping: alpha, dampRelativeToTargets: true, iterations: 4 },
        h,
      );
      const x = Math.abs(state.positions[3] - 1);
      if (rising && x < previous) peaks.push(previous);
      rising = x > previous;
      previous = x;
    }
    // Peaks of |x| come every half period π/ω_d; their ratio is e^{−(α/2)·π/ω_d}.
    const omegaD = Math.sqrt(400 - (alpha * alpha) / 4);
    const measured = Math.log(peaks[0] / peaks[4]) / (4 * (Math.PI / omegaD));
    expect(Math.abs(measured - alpha / 2) / (alpha / 2), `decay rate ${measured} vs α/2 = ${alpha / 2}`).toBeLessThan(0.03);
  });

  it("the 'targetOffset' guess keeps the offset carried with the targets: a stiff body on a swinging animation stays 5× closer to the converged answer in 2 iterations than with the inertia guess", () => {
    const model = boxModel({ ...rubber, youngsModulus: 1e7 });
    const h = 1 / 60;
    const weights = new Float64Array(model.vertexCount).fill(0.5);
    weights[0] = 0;
    const run = (initialization: VbdInitialization, iterations: number) => {
      const state = createVbdState(model);
      const targetsStart = Float64Array.from(model.restPositions);
      const targets = Float64Array.from(model.restPositions);
      for (let f = 1; f <= 30; f++) {
        targetsStart.set(targets);
        // a 2 Hz, 10 cm swing: the stiff body follows it almost exactly, decelerating twice a cycle
        for (let k = 1; k < targets.length; k += 3) targets[k] = model.restPositions[k] + 0.1 * Math.sin(2 * Math.PI * 2 * f * h);
        step(model, state, state, { gravity: [0, 0, 0], blendWeights: weights, targetsStart, targets, iterations, initialization }, h);
      }
      return state.positions;
    };
    const converged = run('targetOffset', 400);
    const offset = maxAbsDifference(run('targetOffset', 2), converged);
    const inertia = maxAbsDifference(run('adaptive', 2), converged);
    expect(offset, `2 iterations: target-offset guess error ${offset} m vs inertia ${inertia} m`).toBeLessThan(0.2 * inertia);
  });

  it('adaptive iterations keep going past `iterations` until the remaining error bound is met, and report it', () => {
    const model = boxModel({ ...rubber, youngsModulus: 1e7 });
    const scrambled = Float64Array.from(model.restPositions).map((x, k) => x + 0.05 * Math.sin(7 * k));
    const state = createVbdState(model, { positions: scrambled });
    const d = step(model, state, state, { gravity: [0, 0, 0], iterations: 2, correctionTolerance: 1e-6, maxIterations: 400, residuals: 'final' }, 1 / 60);
    expect(d.iterations, 'iterations taken').toBeGreaterThan(2);
    expect(d.corrections[0], 'remaining error bound [m]').toBeLessThanOrEqual(1e-6);
    const capped = createVbdState(model, { positions: scrambled });
    const c = step(model, capped, capped, { gravity: [0, 0, 0], iterations: 2, correctionTolerance: 1e-12, maxIterations: 5, residuals: 'final' }, 1 / 60);
    expect(c.iterations, 'the cap holds').toBe(5);
    expect(c.corrections[0], 'and the bound says it stopped short').toBeGreaterThan(1e-12);
  });

  it('a step of 0 iterations reports the bound of its own state, not one left over from an earlier call', () => {
    const model = boxModel({ ...rubber, youngsModulus: 1e7 });
    const scrambled = Float64Array.from(model.restPositions).map((x, k) => x + 0.05 * Math.sin(7 * k));
    // an earlier call that ends far from its solution (a large bound), then a rest state stepped without iterations
    const far = createVbdState(model, { positions: scrambled });
    const earlier = step(model, far, far, { gravity: [0, 0, 0], iterations: 1, residuals: 'final' }, 1 / 60);
    expect(earlier.corrections[0], 'the earlier call ends far from its solution').toBeGreaterThan(1e-3);
    const rest = createVbdState(model);
    const none = step(model, rest, rest, { gravity: [0, 0, 0], iterations: 0, residuals: 'final' }, 1 / 60);
    expect(none.iterations, 'no iteration taken').toBe(0);
    expect(none.corrections[0], 'a body at rest without gravity: nothing to correct').toBeLessThan(1e-12);
    expect(Number.isFinite(none.residuals[0]), 'and its residual is measured').toBe(true);
  });
});

describe('step: controls.maxDistances (a hard clamp to the animated targets)', () => {
  it('a free-falling cube held by max distances stops at its limit, with the velocities of the clamped motion', () => {
    const model = boxModel();
    const V = model.vertexCount;
    const limit = 0.05;
    const state = createVbdState(model);
    const h = 1 / 60;
    // weight 1 (no springs), gravity pulls everything down; the targets stay at the rest pose
    const controls = {
      gravity: [0, -9.81, 0] as [number, number, number],
      iterations: 20,
      blendWeights: new Float64Array(V).fill(1),
      maxDistances: new Float64Array(V).fill(limit),
    };
    for (let f = 0; f < 60; f++) step(model, state, state, controls, h);
    let worst = 0;
    let fastest = 0;
    for (let v = 0; v < V; v++) {
      worst = Math.max(
        worst,
        Math.hypot(
          state.positions[3 * v] - box.positions[3 * v],
          state.positions[3 * v + 1] - box.positions[3 * v + 1],
          state.positions[3 * v + 2] - box.positions[3 * v + 2],
        ),
      );
      fastest = Math.max(fastest, Math.hypot(state.velocities[3 * v], state.velocities[3 * v + 1], state.velocities[3 * v + 2]));
    }
    expect(worst, 'every vertex within its limit of the target').toBeLessThanOrEqual(limit * (1 + 1e-12));
    expect(worst, 'and at it (it fell as far as allowed: 1 s of free fall is 4.9 m)').toBeGreaterThan(0.99 * limit);
    // Clamped before the velocity update: resting at the limit, no momentum stored from the motion past it.
    expect(fastest, 'velocity once held [m/s]').toBeLessThan(1e-6);
    // Infinity is no limit: the same cube falls freely.
    const free = createVbdState(model);
    for (let f = 0; f < 10; f++) step(model, free, free, { ...controls, maxDistances: new Float64Array(V).fill(Infinity) }, h);
    expect(box.positions[1] - free.positions[1], 'Infinity: falls as without limits').toBeGreaterThan(0.1);
  });
});
