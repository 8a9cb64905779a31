import { describe, expect, it } from 'vitest';
import { boxTetrahedra, createVbdModel, createVbdState, step, type VbdInitialization } from '../../../../app/solvers/vbd/index.ts';
import { boundingBoxDiagonal } from '../../../../app/geometry/index.ts';
import { maxAbsDifference, random, rigidAlignmentError, rubber } from './helpers.ts';
import { box, boxModel } from './jellyBox.ts';

/** The exact implicit-Euler free fall: v_n = v_0 + n h g, x_n = x_0 + h Σ_k v_k. */
function implicitEulerDrop(x0: number, v0: number, g: number, h: number, steps: number): number {
  return x0 + steps * h * v0 + h * h * g * ((steps * (steps + 1)) / 2);
}

describe('step: free fall', () => {
  const initializations: VbdInitialization[] = ['previous', 'inertia', 'inertiaAcceleration', 'adaptive'];
  for (const initialization of initializations) {
    it(`matches the exact implicit-Euler drop to 1e-6 relative (initialization '${initialization}', with and without damping)`, () => {
      for (const damping of [0, 0.05]) {
        const model = boxModel({ ...rubber, damping });
        const v0 = [0.5, 1, -0.25];
        const velocities = new Float64Array(3 * model.vertexCount).map((_, k) => v0[k % 3]);
        const state = createVbdState(model, { velocities });
        const g = [0.3, -9.81, 0.1];
        const h = 1 / 60;
        const frames = 20;
        for (let f = 0; f < frames; f++) step(model, state, state, { gravity: g, iterations: 200, residualTolerance: 1e-12, initialization }, h);
        for (let v = 0; v < model.vertexCount; v++) {
          for (let k = 0; k < 3; k++) {
            const exact = implicitEulerDrop(box.positions[3 * v + k], v0[k], g[k], h, frames);
            const travelled = Math.abs(exact - box.positions[3 * v + k]);
            expect(Math.abs(state.positions[3 * v + k] - exact) / travelled, `vertex ${v} axis ${k}, damping ${damping}`).toBeLessThan(1e-6);
          }
          expect(Math.abs(state.velocities[3 * v + 1] - (v0[1] + frames * h * g[1])) / Math.abs(frames * h * g[1]), `velocity of vertex ${v}`).toBeLessThan(
            1e-6,
          );
        }
      }
    });
  }

  it('single-precision state (as on the GPU) follows the same drop to 1e-5', () => {
    const model = boxModel();
    const state = createVbdState(model, { precision: 'float32' });
    const h = 1 / 60;
    for (let f = 0; f < 10; f++) step(model, state, state, { iterations: 30 }, h);
    const exact = implicitEulerDrop(0, 0, -9.81, h, 10);
    for (let v = 0; v < model.vertexCount; v++) {
      expect(Math.abs(state.positions[3 * v + 1] - box.positions[3 * v + 1] - exact) / Math.abs(exact), `vertex ${v}`).toBeLessThan(1e-5);
    }
  });
});

describe('step: conservation', () => {
  for (const damping of [0, 0.02]) {
    it(`conserves linear momentum without gravity (damping ${damping})`, () => {
      const model = boxModel({ ...rubber, damping });
      const r = random(11);
      const velocities = new Float64Array(3 * model.vertexCount).map(() => 2 * r() - 1);
      const positions = box.positions.map((x) => x + 0.02 * (2 * r() - 1));
      const state = createVbdState(model, { positions, velocities });
      const momentum = (v: ArrayLike<number>) => [0, 1, 2].map((k) => model.masses.reduce((s, m, i) => s + m * v[3 * i + k], 0));
      const p0 = momentum(velocities);
      const scale = model.masses.reduce((s, m, i) => s + m * Math.hypot(velocities[3 * i], velocities[3 * i + 1], velocities[3 * i + 2]), 0);
      for (let f = 0; f < 10; f++) step(model, state, state, { gravity: [0, 0, 0], iterations: 400, residualTolerance: 1e-11 }, 1 / 60);
      const p = momentum(state.velocities);
      expect(maxAbsDifference(p, p0) / scale, `momentum ${p} vs ${p0}`).toBeLessThan(1e-6);
      // and the motion was not trivial: the box deformed and moved
      expect(maxAbsDifference(state.positions, positions), 'the box moved').toBeGreaterThan(0.02);
    });
  }
});

describe('step: recovery from extreme states (seed 000 Fig. 3.2)', () => {
  const model = createVbdModel({
    restPositions: boxTetrahedra([3, 3, 3], [0.3, 0.3, 0.3]).positions,
    tetrahedra: { vertices: boxTetrahedra([3, 3, 3], [0.3, 0.3, 0.3]).tetrahedra, materials: { ...rubber, youngsModulus: 1e6, damping: 0.01 } },
  });
  const rest = model.restPositions;
  const diagonal = boundingBoxDiagonal(rest);
  const recover = (start: Float64Array, chebyshevRho: number) => {
    const state = createVbdState(model, { positions: start });
    let frames = 0;
    for (; frames < 120 && rigidAlignmentError(state.positions, rest) > 1e-3 * diagonal; frames++) {
      step(model, state, state, { gravity: [0, 0, 0], iterations: 20, chebyshevRho }, 1 / 60);
    }
    return { frames, error: rigidAlignmentError(state.positions, rest) / diagonal };
  };
  for (const chebyshevRho of [0, 0.95]) {
    it(`vertices scrambled to random positions return to the rest shape (ρ = ${chebyshevRho})`, () => {
      for (const seed of [3, 4]) {
        const r = random(seed);
        const { frames, error } = recover(
          Float64Array.from(rest, () => 0.3 * r()),
          chebyshevRho,
        );
        expect(error, `seed ${seed}: alignment error after ${frames} frames`).toBeLessThan(1e-3);
      }
    });

    it(`a mesh flattened to a plane re-inflates to the rest shape (ρ = ${chebyshevRho})`, () => {
      const flat = Float64Array.from(rest, (x, k) => (k % 3 === 1 ? 0.15 : x));
      const { frames, error } = recover(flat, chebyshevRho);
      expect(error, `alignment error after ${frames} frames`).toBeLessThan(1e-3);
    });
  }
});

describe('step: blending to the animation', () => {
  /** A rigidly spinning, translating and bending "animation" of the box. */
  function animated(time: number): Float64Array {
    const out = new Float64Array(box.positions.length);
    const angle = 2 * time;
    for (let v = 0; v < box.positions.length / 3; v++) {
      const [x, y, z] = [box.positions[3 * v], box.positions[3 * v + 1], box.positions[3 * v + 2]];
      const bend = 0.2 * Math.sin(3 * time) * y * y;
      out[3 * v] = Math.cos(angle) * x - Math.sin(angle) * z + bend + 0.5 * time;
      out[3 * v + 1] = y + 0.1 * Math.sin(5 * time);
      out[3 * v + 2] = Math.sin(angle) * x + Math.cos(angle) * z;
    }
    return out;
  }

  it('weight 0 reproduces the input animation to 1e-6 of the bounding-box diagonal, with physics elsewhere', () => {
    const model = boxModel();
    const diagonal = boundingBoxDiagonal(box.positions);
    const r = random(5);
    const weights = Float64Array.from({ length: model.vertexCount }, (_, v) => (v % 3 === 0 ? 0 : r()));
    const state = createVbdState(model);
    const h = 1 / 30;
    for (let f = 1; f <= 30; f++) {
      step(model, state, state, { blendWeights: weights, targetsStart: animated((f - 1) * h), targets: animated(f * h), substeps: 3, iterations: 5 }, h);
      const target = animated(f * h);
      for (let v = 0; v < model.vertexCount; v++) {
        if (weights[v] !== 0) continue;
        const error = Math.hypot(
          state.positions[3 * v] - target[3 * v],
          state.positions[3 * v + 1] - target[3 * v + 1],
          state.positions[3 * v + 2] - target[3 * v + 2],
        );
        expect(error / diagonal, `frame ${f}, vertex ${v}`).toBeLessThan(1e-6);
      }
    }
    // the weighted vertices did not simply follow
    const target = animated(30 * h);
    const free = Array.from({ length: model.vertexCount }, (_, v) => v).filter((v) => weights[v] > 0.5);
    const lag = Math.max(...free.map((v) => Math.hypot(state.positions[3 * v] - target[3 * v], state.positions[3 * v + 1] - target[3 * v + 1])));
    expect(lag, 'physics vertices lag the animation').toBeGreaterThan(1e-3);
  });

  it('all weights 0 reproduce the animation exactly, and the velocity is the animation velocity', () => {
    const model = boxModel();
    const weights = new Float64Array(model.vertexCount);
    const state = createVbdState(model, { positions: animated(0) });
    const h = 1 / 24;
    for (let f = 1; f <= 5; f++)
      step(model, state, state, { blendWeights: weights, targetsStart: animated((f - 1) * h), targets: animated(f * h), substeps: 2 }, h);
    expect(maxAbsDifference(state.positions, animated(5 * h)), 'positions').toBeLessThan(1e-12);
    // substep targets interpolate linearly between frames, so the last substep moves by half the frame's change
    const expected = animated(5 * h).map((x, k) => (x - animated(4 * h)[k]) / h);
    expect(maxAbsDifference(state.velocities, expected), 'velocities of the last substep').toBeLessThan(1e-9);
  });

  it('implicit blending holds a body at the offset g·w/(κ(1−w)) below its target (mass-proportional spring)', () => {
    const model = boxModel();
    for (const weight of [0.2, 0.5, 0.8]) {
      const state = createVbdState(model);
      const kappa = 400;
      step(
        model,
        state,
        state,
        {
          quasistatic: true,
          blendWeights: new Float64Array(model.vertexCount).fill(weight),
          attachmentStiffness: kappa,
          iterations: 2000,
          residualTolerance: 1e-10,
        },
        1,
      );
      const expected = (-9.81 * weight) / (kappa * (1 - weight));
      for (let v = 0; v < model.vertexCount; v++) {
        expect(state.positions[3 * v + 1] - box.positions[3 * v + 1], `w = ${weight}, vertex ${v}`).toBeCloseTo(expected, 8);
      }
    }
  });
});

describe('step: quasistatic mode', () => {
  it('leaves zero velocity and does not depend on dt', () => {
    const model = boxModel();
    const weights = Float64Array.from({ length: model.vertexCount }, (_, v) => (box.positions[3 * v] === 0 ? 0 : 1));
    const a = createVbdState(model);
    const b = createVbdState(model);
    step(model, a, a, { quasistatic: true, blendWeights: weights, iterations: 300 }, 1);
    step(model, b, b, { quasistatic: true, blendWeights: weights, iterations: 300 }, 1e-3);
    expect(maxAbsDifference(a.positions, b.positions), 'same equilibrium for any dt').toBeLessThan(1e-12);
    expect(maxAbsDifference(a.velocities, new Float64Array(a.velocities.length)), 'zero velocity').toBe(0);
  });
});
