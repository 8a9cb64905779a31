import { describe, expect, it } from 'vitest';
import {
  boxTetrahedra,
  createVbdCallParameters,
  createVbdModel,
  createVbdState,
  meanForceResidual,
  step,
  createVbdWorkspace,
  forwardStep,
} from '../../../../app/solvers/vbd/index.ts';

describe('meanForceResidual', () => {
  const { positions, tetrahedra } = boxTetrahedra([2, 2, 2], [1, 1, 1]);
  const model = createVbdModel({
    restPositions: positions,
    tetrahedra: { vertices: tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.3, density: 1000, damping: 0 } },
  });

  it('is m·g per vertex on average for a body at rest under gravity at the start of a quasistatic step', () => {
    const ws = createVbdWorkspace(model);
    for (let v = 0; v < model.vertexCount; v++) ws.accelerations[3 * v + 1] = -9.81;
    const meanMass = model.masses.reduce((s, m) => s + m, 0) / model.vertexCount;
    expect(meanForceResidual(model, ws, createVbdCallParameters(1 / 30, { quasistatic: true }), model.restPositions), 'mean ‖m g‖').toBeCloseTo(
      meanMass * 9.81,
      9,
    );
  });

  it('falls to zero as VBD converges, and step reports it relative to its start (Eq. 5.28)', () => {
    const state = createVbdState(model, { positions: positions.map((x, k) => (k % 3 === 0 ? 1.2 * x : x)) });
    const d = step(model, state, state, { gravity: [0, 0, 0], iterations: 300, residuals: 'everyIteration' }, 1 / 30);
    expect(d.residuals.length, 'one per iteration').toBe(300);
    expect(d.residuals[299], 'converged').toBeLessThan(1e-6);
    // recompute the last value by hand: mean‖f‖ at the end over mean‖f‖ at the start
    const ws = createVbdWorkspace(model);
    const callParameters = createVbdCallParameters(1 / 30);
    const start = createVbdState(model, { positions: positions.map((x, k) => (k % 3 === 0 ? 1.2 * x : x)) });
    forwardStep(start.positions, start.velocities, start.previousVelocities, ws, callParameters, 'adaptive');
    expect(meanForceResidual(model, ws, callParameters, start.positions), 'initial norm').toBeCloseTo(d.initialForceNorms[0], 9);
    expect(meanForceResidual(model, ws, callParameters, state.positions) / d.initialForceNorms[0], 'final ratio').toBeCloseTo(d.residuals[299], 12);
  });
});
