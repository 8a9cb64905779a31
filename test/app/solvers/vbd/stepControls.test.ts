// `step` controls: Chebyshev acceleration and contact gathered by the vertex solve, an animated elastic reference
// (controls.tetRestShapeInverse), and the animated rest shape built per substep with controls.beforeSubstep. The
// dynamics are tested in step.test.ts, following an animation in stepFollowing.test.ts.
import { describe, expect, it } from 'vitest';
import { boxTetrahedra, createVbdModel, createVbdState, restShapeInverses, step, type VbdModel } from '../../../../app/solvers/vbd/index.ts';
import { ogcContact } from '../../../../app/contact/index.ts';
import { maxAbsDifference, rigidAlignmentError, rubber } from './helpers.ts';
import { boxModel } from './jellyBox.ts';

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
