import { describe, expect, it } from 'vitest';
import {
  boxTetrahedra,
  createVbdModel,
  createVbdState,
  restShapeInverses,
  step,
  type VbdInitialization,
  type VbdMaterial,
  type VbdModel,
} from '../../../../app/solvers/vbd/index.ts';
import { ogcContact } from '../../../../app/contact/index.ts';
import { boundingBoxDiagonal } from '../../../../app/geometry/index.ts';
import { maxAbsDifference, random, rigidAlignmentError, rubber } from './helpers.ts';

// a 1 m jelly cube: large enough that inertia m/h² is not dwarfed by the stiffness, so Gauss–Seidel converges in
// tens of iterations and the tests can ask for 1e-6 agreement at all
const box = boxTetrahedra([2, 2, 2], [1, 1, 1]);
const boxModel = (material: VbdMaterial = rubber) =>
  createVbdModel({ restPositions: box.positions, tetrahedra: { vertices: box.tetrahedra, materials: material } });

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

describe('step: Chebyshev acceleration and contact', () => {
  const beam = boxTetrahedra([6, 1, 1], [0.6, 0.1, 0.1]);
  const beamModel = createVbdModel({ restPositions: beam.positions, tetrahedra: { vertices: beam.tetrahedra, materials: { ...rubber, youngsModulus: 2e7 } } });
  const clamp = Float64Array.from({ length: beamModel.vertexCount }, (_, v) => (beam.positions[3 * v] === 0 ? 0 : 1));

  it('ρ = 0.9 reaches a 1e-4 residual in fewer iterations than plain Gauss–Seidel on a sagging cantilever', () => {
    const iterationsFor = (chebyshevRho: number) => {
      const state = createVbdState(beamModel);
      return step(beamModel, state, state, { quasistatic: true, blendWeights: clamp, iterations: 20000, residualTolerance: 1e-4, chebyshevRho }, 1).iterations;
    };
    const plain = iterationsFor(0);
    const accelerated = iterationsFor(0.9);
    expect(plain, 'plain Gauss–Seidel converges within the budget').toBeLessThan(20000);
    expect(accelerated, `accelerated ${accelerated} vs plain ${plain}`).toBeLessThan(0.7 * plain);
  });

  it('contact data is gathered by the vertex solve: a box dropped on a plane contact rests above the plane, never below it', () => {
    // OGC plane contact (app/contact) on every vertex of a 2×2×2 box: the floor y = −0.05, r = 1 cm.
    const floor = -0.05;
    const model = boxModel({ ...rubber, damping: 0.01 });
    const identity = ogcIdentityPoints(model.vertexCount);
    const contact = ogcContact({
      simulationVertexCount: model.vertexCount,
      ...identity,
      triangles: [],
      planes: [0, 1, 0, -floor],
      radius: 0.01,
      stiffness: 1e5,
    });
    const state = createVbdState(model);
    let lowest = Infinity;
    for (let f = 0; f < 90; f++) {
      step(model, state, state, { iterations: 20, chebyshevRho: 0.9, contact }, 1 / 60);
      for (let v = 0; v < model.vertexCount; v++) lowest = Math.min(lowest, state.positions[3 * v + 1]);
    }
    expect(contact.stats.contacts, 'contacts were found').toBeGreaterThan(0);
    expect(lowest, 'never below the plane (the bounds of Eq. 5.20 forbid it)').toBeGreaterThan(floor);
    const restingLowest = Math.min(...Array.from({ length: model.vertexCount }, (_, v) => state.positions[3 * v + 1]));
    expect(restingLowest - floor, 'rests inside the contact radius').toBeLessThan(0.01);
    expect(Math.max(...state.velocities.map(Math.abs)), 'at rest').toBeLessThan(0.05);
  });
});

function ogcIdentityPoints(vertexCount: number) {
  const pointVertices = new Uint32Array(4 * vertexCount);
  const pointWeights = new Float64Array(4 * vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    pointVertices.fill(v, 4 * v, 4 * v + 4);
    pointWeights[4 * v] = 1;
  }
  return { pointVertices, pointWeights };
}

describe('step: controls.tetRestShapeInverse (an animated elastic reference)', () => {
  const tet = createVbdModel({ restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], tetrahedra: { vertices: [0, 1, 2, 3], materials: rubber } });
  const settle = (model: VbdModel, tetRestShapeInverse?: Float64Array) => {
    const state = createVbdState(model);
    const controls = { gravity: [0, 0, 0], quasistatic: true, iterations: 4000, residualTolerance: 1e-12, tetRestShapeInverse };
    for (let f = 0; f < 3; f++) step(model, state, state, controls, 1 / 60);
    return state.positions;
  };

  for (const s of [1.25, 0.8]) {
    it(`a tet and a lattice whose rest shapes are overridden by the rest shape scaled by ${s} settle to that scaled shape`, () => {
      for (const [name, model] of [
        ['one tet', tet],
        ['2×2×2 lattice', boxModel()],
      ] as const) {
        const original = Float64Array.from(model.tetRestShapeInverse);
        // D_m scaled by s: its inverse is divided by s.
        const scaledInverse = model.tetRestShapeInverse.map((x) => x / s);
        const scaledRest = model.restPositions.map((x) => s * x);
        const settled = settle(model, scaledInverse);
        expect(rigidAlignmentError(settled, scaledRest), `${name}: distance to the scaled shape, up to a rigid motion [m]`).toBeLessThan(1e-6);
        expect(rigidAlignmentError(settled, model.restPositions), `${name}: it left the model's rest shape [m]`).toBeGreaterThan(0.1 * Math.abs(s - 1));
        expect(Array.from(model.tetRestShapeInverse), `${name}: the model is not changed`).toEqual(Array.from(original));
      }
    });
  }

  it('without the override the same settle keeps the model rest shape, and a wrong length is refused by name', () => {
    expect(rigidAlignmentError(settle(tet), tet.restPositions), 'rest shape kept [m]').toBeLessThan(1e-9);
    const state = createVbdState(tet);
    expect(() => step(tet, state, state, { tetRestShapeInverse: new Float64Array(8) }, 1 / 60), 'length 8 for one tet').toThrow(
      /tetRestShapeInverse has 8 numbers, expected 9/,
    );
  });
});

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

describe('step: controls.animatedRest (the animated rest shape built per substep) and controls.beforeSubstep', () => {
  // A 2×2×2 lattice animated over one frame: a stretch of 3 along x at the frame's end (the +x half of the lattice:
  // its tets' reference stretch is clamped to 2 from the second substep on), a squash and a shear elsewhere.
  const model = boxModel();
  const V = model.vertexCount;
  const start = Float64Array.from(model.restPositions, (x, k) => x + (k % 3 === 1 ? 0.05 : 0));
  const rest = model.restPositions;
  const end = Float64Array.from(rest, (x, k) => (k % 3 === 0 ? (x > 0.5 ? 0.5 + 3 * (x - 0.5) : x) : k % 3 === 1 ? 0.8 * x + 0.2 * rest[k - 1] : x));
  const weights = Float64Array.from({ length: V }, (_, v) => (model.restPositions[3 * v] === 0 ? 0 : 0.6));
  const base = {
    gravity: [0, -9.81, 0],
    iterations: 6,
    targetsStart: start,
    targets: end,
    blendWeights: weights,
    attachmentStiffness: 500,
    dampRelativeToTargets: true,
    initialization: 'targetOffset' as const,
    equilibriumAtTargets: true,
  };
  const limits = { minStretch: 0.5, maxStretch: 2 };
  const substeps = 4;
  const dt = 1 / 24;

  /** The old path of app/bake/volumeSimulation: one call per substep, its reference computed outside the step. */
  function substepCalls(state: ReturnType<typeof createVbdState>, hook?: (targets: Float64Array, from: number, to: number, positions: Float64Array) => void) {
    let clamped = 0;
    const reference = new Float64Array(9 * model.tetCount);
    for (let s = 0; s < substeps; s++) {
      const [a0, a1] = [s / substeps, (s + 1) / substeps];
      const substepStart = start.map((x, k) => x + a0 * (end[k] - x));
      const substepEnd = start.map((x, k) => x + a1 * (end[k] - x));
      hook?.(substepEnd, a0, a1, Float64Array.from(state.positions));
      clamped += restShapeInverses(model.tetVertices, substepEnd, model.tetRestShapeInverse, limits.minStretch, limits.maxStretch, reference);
      step(model, state, state, { ...base, substeps: 1, targetsStart: substepStart, targets: substepEnd, tetRestShapeInverse: reference }, dt / substeps);
    }
    return clamped;
  }

  it(`one call of ${substeps} substeps equals ${substeps} one-substep calls handed restShapeInverses of their targets, bit for bit; clamped tets are counted`, () => {
    const old = createVbdState(model, { positions: start });
    const expectedClamped = substepCalls(old);
    const state = createVbdState(model, { positions: start });
    const diagnostics = step(model, state, state, { ...base, substeps, animatedRest: limits }, dt);
    expect(Array.from(state.positions), 'positions').toEqual(Array.from(old.positions));
    expect(Array.from(state.velocities), 'velocities').toEqual(Array.from(old.velocities));
    expect(Array.from(state.previousVelocities), 'previous velocities').toEqual(Array.from(old.previousVelocities));
    expect(expectedClamped, 'the 3× stretch clamps some tets (else the count says nothing)').toBeGreaterThan(0);
    expect(diagnostics.clampedRestTets, 'clamped tets, summed over substeps').toBe(expectedClamped);
    // Without the animated rest shape the same call ends elsewhere: the comparison above saw the reference.
    const plain = createVbdState(model, { positions: start });
    const without = step(model, plain, plain, { ...base, substeps }, dt);
    expect(maxAbsDifference(plain.positions, state.positions), 'the animated rest shape moves the result [m]').toBeGreaterThan(1e-3);
    expect(without.clampedRestTets, 'no animated rest shape, nothing clamped').toBe(0);
  });

  it('a tet stretched 3× counts as clamped, one within the limits does not', () => {
    const tet = createVbdModel({ restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], tetrahedra: { vertices: [0, 1, 2, 3], materials: rubber } });
    const count = (stretch: number) => {
      const pose = Float64Array.from(tet.restPositions, (x, k) => (k % 3 === 0 ? stretch * x : x));
      const state = createVbdState(tet, { positions: pose });
      return step(tet, state, state, { gravity: [0, 0, 0], iterations: 1, targets: pose, animatedRest: limits }, 1 / 60).clampedRestTets;
    };
    expect(count(3), 'stretched 3×').toBe(1);
    expect(count(1.5), 'stretched 1.5×').toBe(0);
    expect(count(0.3), 'squashed to 0.3').toBe(1);
  });

  it('beforeSubstep runs first in every substep with its end targets, its fractions and the state at its start', () => {
    const seen: { targets: number[]; from: number; to: number; positions: number[] }[] = [];
    const old = createVbdState(model, { positions: start });
    substepCalls(old, (targets, from, to, positions) => seen.push({ targets: Array.from(targets), from, to, positions: Array.from(positions) }));
    const calls: typeof seen = [];
    const state = createVbdState(model, { positions: start });
    step(
      model,
      state,
      state,
      {
        ...base,
        substeps,
        animatedRest: limits,
        beforeSubstep: (targets, from, to, positions) => calls.push({ targets: Array.from(targets), from, to, positions: Array.from(positions) }),
      },
      dt,
    );
    expect(calls.length, 'one call per substep').toBe(substeps);
    for (let s = 0; s < substeps; s++) expect(calls[s], `substep ${s}`).toEqual(seen[s]);
  });

  it('with contact, beforeSubstep frames the contact per substep: one call equals one-substep calls that frame it before each, bit for bit', () => {
    // A box carried down onto a plane (OGC plane contact on every vertex) by blending springs toward targets below it,
    // each substep's contact framed by the hook (as the bake's BakeContact.beginSteps does through ogc.setFrame).
    const floor = 0.02;
    const carried = Float64Array.from(start, (x, k) => (k % 3 === 1 ? x - 0.2 : x));
    const frames = 3;
    const make = () =>
      ogcContact({ simulationVertexCount: V, ...ogcIdentityPoints(V), triangles: [], planes: [0, 1, 0, -floor], radius: 0.01, stiffness: 1e5 });
    const controlsOf = (frame: number) => ({
      ...base,
      targetsStart: frame === 0 ? start : carried,
      targets: carried,
      blendWeights: new Float64Array(V).fill(0.6),
    });
    const oldContact = make();
    const old = createVbdState(model, { positions: start });
    const reference = new Float64Array(9 * model.tetCount);
    for (let frame = 0; frame < frames; frame++) {
      const c = controlsOf(frame);
      for (let s = 0; s < substeps; s++) {
        const [a0, a1] = [s / substeps, (s + 1) / substeps];
        const substepStart = c.targetsStart.map((x, k) => x + a0 * (c.targets[k] - x));
        const substepEnd = c.targetsStart.map((x, k) => x + a1 * (c.targets[k] - x));
        oldContact.setFrame({});
        restShapeInverses(model.tetVertices, substepEnd, model.tetRestShapeInverse, limits.minStretch, limits.maxStretch, reference);
        step(
          model,
          old,
          old,
          { ...c, substeps: 1, targetsStart: substepStart, targets: substepEnd, tetRestShapeInverse: reference, contact: oldContact },
          dt / substeps,
        );
      }
    }
    const contact = make();
    const state = createVbdState(model, { positions: start });
    for (let frame = 0; frame < frames; frame++)
      step(model, state, state, { ...controlsOf(frame), substeps, animatedRest: limits, contact, beforeSubstep: () => contact.setFrame({}) }, dt);
    expect(oldContact.stats.contacts, 'contacts were found (else the comparison says nothing about contact)').toBeGreaterThan(0);
    expect(Array.from(state.positions), 'positions').toEqual(Array.from(old.positions));
    expect(Array.from(state.velocities), 'velocities').toEqual(Array.from(old.velocities));
    expect(contact.stats.contacts, 'the same contacts').toBe(oldContact.stats.contacts);
  });

  it("'lastSubstep' residuals measure once, after the call's last substep, as 'final' does there", () => {
    const run = (residuals: 'final' | 'lastSubstep') => {
      const state = createVbdState(model, { positions: start });
      return step(model, state, state, { ...base, substeps, animatedRest: limits, residuals }, dt);
    };
    const final = run('final');
    const last = run('lastSubstep');
    expect(final.residuals.length, "'final': one per substep").toBe(substeps);
    expect(last.residuals, "'lastSubstep': the last of 'final'").toEqual([final.residuals[substeps - 1]]);
    expect(last.corrections, 'and its correction').toEqual([final.corrections[substeps - 1]]);
    expect(last.initialForceNorms, 'and its initial force norm').toEqual([final.initialForceNorms[substeps - 1]]);
  });

  it('refuses an animated rest shape together with tetRestShapeInverse, and limits outside 0 < min ≤ 1 ≤ max', () => {
    const state = createVbdState(model);
    expect(() => step(model, state, state, { animatedRest: limits, tetRestShapeInverse: model.tetRestShapeInverse }, dt), 'both').toThrow(
      /animatedRest and tetRestShapeInverse/,
    );
    expect(() => step(model, state, state, { animatedRest: { minStretch: 0, maxStretch: 2 } }, dt), 'min 0').toThrow(/animatedRest needs/);
    expect(() => step(model, state, state, { animatedRest: { minStretch: 0.5, maxStretch: 0.9 } }, dt), 'max < 1').toThrow(/animatedRest needs/);
  });
});
