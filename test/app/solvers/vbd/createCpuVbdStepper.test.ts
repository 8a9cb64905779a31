// createCpuVbdStepper: stepping through the VbdStepper seam gives bit for bit what calling step() on one state does
// (the bake's CPU output must not change by going through it), and readState reports the calls since the last read.
import { describe, expect, it } from 'vitest';
import {
  boxTetrahedra,
  createCpuVbdStepper,
  createVbdModel,
  createVbdState,
  createVbdWorkspace,
  step,
  type VbdControls,
} from '../../../../app/solvers/vbd/index.ts';

describe('createCpuVbdStepper', () => {
  it('equals step() on one state bit for bit, and sums the diagnostics of the calls since the last read', async () => {
    const { positions, tetrahedra } = boxTetrahedra([3, 2, 2], [0.3, 0.2, 0.2]);
    const model = createVbdModel({
      restPositions: positions,
      tetrahedra: { vertices: tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.4, density: 1000, damping: 0.01 } },
    });
    const weights = Float64Array.from({ length: model.vertexCount }, (_, v) => (positions[3 * v] === 0 ? 0 : 1));
    const controls: VbdControls = { substeps: 2, iterations: 6, blendWeights: weights, residuals: 'final', chebyshevRho: 0.8 };
    const reference = createVbdState(model);
    const workspace = createVbdWorkspace(model);
    const stepper = createCpuVbdStepper(model);
    const state = createVbdState(model);
    stepper.setState(state);
    for (let frame = 0; frame < 3; frame++) {
      step(model, reference, reference, controls, 1 / 60, workspace);
      step(model, reference, reference, controls, 1 / 60, workspace);
      stepper.step(controls, 1 / 60);
      stepper.step(controls, 1 / 60);
      const diagnostics = await stepper.readState(state);
      expect(Array.from(state.positions), `positions, frame ${frame}`).toEqual(Array.from(reference.positions));
      expect(Array.from(state.velocities), `velocities, frame ${frame}`).toEqual(Array.from(reference.velocities));
      expect(Array.from(state.previousVelocities), `previous velocities, frame ${frame}`).toEqual(Array.from(reference.previousVelocities));
      expect(diagnostics.substeps, 'two calls of two substeps').toBe(4);
      expect(diagnostics.iterations, 'of six iterations').toBe(24);
      expect(diagnostics.residuals.length, 'a final residual per substep').toBe(4);
    }
    const positions2 = state.positions.slice();
    positions2[0] += 1;
    expect(() => stepper.setState({ ...state, positions: positions2.subarray(3) }), 'a state of the wrong size').toThrow(/setState: positions has/);
  });
});
