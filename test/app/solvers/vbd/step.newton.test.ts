/**
 * VBD against an independent Newton solver of the same implicit-Euler step (newtonReference.ts), and static
 * deformations against elasticity.
 */
import { describe, expect, it } from 'vitest';
import { boxTetrahedra, createVbdModel, createVbdState, lameParameters, step, type VbdMaterial, type VbdState } from '../../../../app/solvers/vbd/index.ts';
import { newtonSolve, prepare, type ReferenceProblem } from './newtonReference.ts';

const gravity: [number, number, number] = [0, -9.81, 0];

function copyState(state: VbdState): VbdState {
  return { positions: state.positions.slice(), velocities: state.velocities.slice(), previousVelocities: state.previousVelocities.slice() };
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += (a[k] - b[k]) ** 2;
  return Math.sqrt(s);
}

/**
 * Runs `frames` dynamic steps. At every frame, Newton solves the implicit-Euler step from VBD's own current state;
 * VBD then takes the same step, and the test records VBD's relative residual and its distance to the Newton solution
 * after 10 iterations and at convergence.
 */
function compareDynamicSteps(problem: ReferenceProblem, material: VbdMaterial, frames: number, maxIterations: number) {
  const model = createVbdModel({ restPositions: problem.rest, tetrahedra: { vertices: problem.tets, materials: material } });
  const weights = Float64Array.from(problem.pinned, (p) => (p ? 0 : 1));
  const reference = prepare(problem);
  const state = createVbdState(model);
  const h = problem.timeStep;
  const results: Array<{ residual: number; errorAfter10: number; errorFinal: number; motion: number; iterations: number }> = [];
  for (let frame = 0; frame < frames; frame++) {
    const start = { positions: Float64Array.from(state.positions), velocities: Float64Array.from(state.velocities) };
    const newton = newtonSolve(reference, start, start.positions, 1e-10);
    expect(newton.gradientNorm, `Newton converged at frame ${frame}`).toBeLessThan(1e-8);
    const controls = { gravity, blendWeights: weights, attachmentStiffness: 0 };
    const after = (iterations: number) => {
      const trial = copyState(state);
      step(model, trial, trial, { ...controls, iterations }, h);
      return distance(trial.positions, newton.positions);
    };
    const diagnostics = step(model, state, state, { ...controls, iterations: maxIterations, residualTolerance: 1e-5 }, h);
    results.push({
      residual: diagnostics.residuals[diagnostics.residuals.length - 1],
      errorAfter10: after(10),
      errorFinal: distance(state.positions, newton.positions),
      motion: distance(start.positions, newton.positions),
      iterations: diagnostics.iterations,
    });
  }
  return results;
}

describe('step against a Newton reference', () => {
  // Tet scenes: a box of cells hinged where `pin` says, released under gravity; `motionTolerance` bounds the distance
  // to the Newton step relative to the step's motion.
  const tetScenes = [
    {
      // a 0.6 m bar hinged at one top edge, released horizontally (seed 000 Fig. 3.4's elastic pendulum)
      name: 'an elastic tet pendulum',
      cells: [6, 1, 1] as const,
      size: [0.6, 0.1, 0.1] as const,
      pin: (x: number, y: number) => x === 0 && y > 0.05,
      youngsModulus: 2e5,
      poissonRatio: 0.3,
      timeStep: 1 / 60,
      frames: 8,
      motionTolerance: 1e-3,
    },
    {
      name: 'a sagging beam',
      cells: [8, 2, 1] as const,
      size: [0.8, 0.2, 0.1] as const,
      pin: (x: number) => x === 0,
      youngsModulus: 1e6,
      poissonRatio: 0.4,
      timeStep: 1 / 30,
      frames: 5,
      motionTolerance: 1e-2,
    },
  ];
  for (const scene of tetScenes) {
    it(`${scene.name} converges toward the Newton implicit-Euler step, reaching a relative residual below 1e-3`, () => {
      const { positions, tetrahedra } = boxTetrahedra(scene.cells, scene.size);
      const pinned = Uint8Array.from({ length: positions.length / 3 }, (_, v) => (scene.pin(positions[3 * v], positions[3 * v + 1]) ? 1 : 0));
      const material = { youngsModulus: scene.youngsModulus, poissonRatio: scene.poissonRatio, density: 1000, damping: 0 };
      const { mu, lambda } = lameParameters(material.youngsModulus, material.poissonRatio);
      const results = compareDynamicSteps(
        { rest: positions, tets: tetrahedra, mu, lambda, density: 1000, pinned, gravity, timeStep: scene.timeStep, quasistatic: false },
        material,
        scene.frames,
        3000,
      );
      for (const [frame, r] of results.entries()) {
        expect(r.residual, `frame ${frame}: relative residual after ${r.iterations} iterations`).toBeLessThan(1e-3);
        expect(r.errorFinal, `frame ${frame}: converged closer than 10 iterations`).toBeLessThan(r.errorAfter10);
        expect(r.errorFinal / r.motion, `frame ${frame}: distance to Newton relative to the step's motion`).toBeLessThan(scene.motionTolerance);
      }
    });
  }

  it('a mass-spring chain pendulum converges toward the Newton implicit-Euler step', () => {
    // 8 point masses on 7 springs hinged at vertex 0 (seed 000 §3.3, Fig. 3.10's chain without the heavy particle)
    const count = 8;
    const rest = Float64Array.from({ length: 3 * count }, (_, k) => (k % 3 === 0 ? 0.1 * Math.floor(k / 3) : 0));
    const springs = Uint32Array.from({ length: 2 * (count - 1) }, (_, k) => Math.floor(k / 2) + (k % 2));
    const material = { youngsModulus: 1e7, poissonRatio: 0.3, density: 2000, damping: 0, crossSectionArea: 1e-4 };
    const model = createVbdModel({ restPositions: rest, springs: { vertices: springs, materials: material } });
    const extraMasses = Float64Array.from(model.masses); // ρ·A·L/2 per end, computed by the solver; checked below
    for (let v = 0; v < count; v++) {
      const ends = v === 0 || v === count - 1 ? 1 : 2;
      expect(extraMasses[v], `lumped spring mass of vertex ${v}`).toBeCloseTo((ends * 2000 * 1e-4 * 0.1) / 2, 12);
    }
    const pinned = Uint8Array.from({ length: count }, (_, v) => (v === 0 ? 1 : 0));
    const problem: ReferenceProblem = {
      rest,
      tets: new Uint32Array(0),
      mu: 0,
      lambda: 0,
      density: 0,
      pinned,
      gravity,
      timeStep: 1 / 60,
      quasistatic: false,
      springs: { vertices: springs, stiffness: (1e7 * 1e-4) / 0.1 },
      extraMasses,
    };
    const reference = prepare(problem);
    const state = createVbdState(model);
    const weights = Float64Array.from(pinned, (p) => (p ? 0 : 1));
    for (let frame = 0; frame < 10; frame++) {
      const start = { positions: Float64Array.from(state.positions), velocities: Float64Array.from(state.velocities) };
      const newton = newtonSolve(reference, start, start.positions, 1e-10);
      const d = step(model, state, state, { gravity, blendWeights: weights, iterations: 5000, residualTolerance: 1e-6 }, 1 / 60);
      expect(d.residuals[d.residuals.length - 1], `frame ${frame}: relative residual`).toBeLessThan(1e-3);
      expect(distance(state.positions, newton.positions) / distance(start.positions, newton.positions), `frame ${frame}: distance to Newton`).toBeLessThan(
        1e-3,
      );
    }
  });

  it("a cantilever's static tip deflection agrees with Newton's within 2% (quasistatic mode)", () => {
    const { positions, tetrahedra } = boxTetrahedra([8, 1, 1], [0.8, 0.1, 0.1]);
    const pinned = Uint8Array.from({ length: positions.length / 3 }, (_, v) => (positions[3 * v] === 0 ? 1 : 0));
    const material = { youngsModulus: 2e7, poissonRatio: 0.3, density: 1000, damping: 0 };
    const { mu, lambda } = lameParameters(material.youngsModulus, material.poissonRatio);
    const reference = prepare({ rest: positions, tets: tetrahedra, mu, lambda, density: 1000, pinned, gravity, timeStep: 1, quasistatic: true });
    const zero = new Float64Array(positions.length);
    const newton = newtonSolve(reference, { positions, velocities: zero }, positions, 1e-9);
    const model = createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: material } });
    const state = createVbdState(model);
    const weights = Float64Array.from(pinned, (p) => (p ? 0 : 1));
    const d = step(
      model,
      state,
      state,
      { quasistatic: true, gravity, blendWeights: weights, iterations: 20000, residualTolerance: 1e-4, chebyshevRho: 0.95 },
      1,
    );
    const tip = (x: ArrayLike<number>) => {
      let sum = 0;
      let count = 0;
      for (let v = 0; v < positions.length / 3; v++) {
        if (positions[3 * v] < 0.8 - 1e-9) continue;
        sum += x[3 * v + 1] - positions[3 * v + 1];
        count++;
      }
      return sum / count;
    };
    expect(tip(newton.positions), 'the beam sags').toBeLessThan(-1e-3);
    expect(
      Math.abs(tip(state.positions) - tip(newton.positions)) / Math.abs(tip(newton.positions)),
      `tip ${tip(state.positions)} vs Newton ${tip(newton.positions)} after ${d.iterations} iterations`,
    ).toBeLessThan(0.02);
  });

  for (const poissonRatio of [0, 0.25]) {
    it(`a bar hanging under its own weight stretches by ρgL²/(2E) within 5% (ν = ${poissonRatio})`, () => {
      const length = 1;
      const { positions, tetrahedra } = boxTetrahedra([1, 10, 1], [0.1, length, 0.1], [0, -length, 0]);
      const material = { youngsModulus: 1e6, poissonRatio, density: 1000, damping: 0 };
      const model = createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: material } });
      const weights = Float64Array.from({ length: model.vertexCount }, (_, v) => (positions[3 * v + 1] > -1e-9 ? 0 : 1));
      const state = createVbdState(model);
      step(model, state, state, { quasistatic: true, gravity, blendWeights: weights, iterations: 20000, residualTolerance: 1e-6, chebyshevRho: 0.95 }, 1);
      let stretch = 0;
      let count = 0;
      for (let v = 0; v < model.vertexCount; v++) {
        if (positions[3 * v + 1] < -length + 1e-9) {
          stretch -= state.positions[3 * v + 1] - positions[3 * v + 1];
          count++;
        }
      }
      stretch /= count;
      const expected = (1000 * 9.81 * length * length) / (2 * material.youngsModulus);
      expect(Math.abs(stretch - expected) / expected, `stretch ${stretch} m vs ρgL²/(2E) = ${expected} m`).toBeLessThan(0.05);
    });
  }
});
