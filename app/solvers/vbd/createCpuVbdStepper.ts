import { addStepDiagnostics } from './addStepDiagnostics.ts';
import { createVbdWorkspace } from './createVbdWorkspace.ts';
import { emptyStepDiagnostics } from './emptyStepDiagnostics.ts';
import { step } from './step.ts';
import type { VbdControls, VbdModel, VbdState } from './types.ts';
import type { VbdStepper } from './vbdStepBackend.ts';

/**
 * The CPU VBD stepper: `step` (seed 000 ch. 3) behind the VbdStepper interface, holding a double-precision state
 * and its workspace. setState and readState copy exactly, so stepping through it gives bit for bit what calling
 * step(model, state, state, controls, dt, workspace) on one state does.
 *
 * @param model  the VBD model
 * @returns a stepper whose readState resolves at once
 */
export function createCpuVbdStepper(model: VbdModel): VbdStepper {
  const n = 3 * model.vertexCount;
  const state: VbdState = { positions: Float64Array.from(model.restPositions), velocities: new Float64Array(n), previousVelocities: new Float64Array(n) };
  const workspace = createVbdWorkspace(model);
  let pending = emptyStepDiagnostics(model);
  return {
    model,
    setState(source) {
      for (const key of ['positions', 'velocities', 'previousVelocities'] as const) {
        if (source[key].length !== n) throw new Error(`setState: ${key} has ${source[key].length} numbers, expected ${n} (#V×3)`);
        state[key].set(source[key]);
      }
      pending = emptyStepDiagnostics(model);
    },
    step(controls: VbdControls, dt: number) {
      addStepDiagnostics(pending, step(model, state, state, controls, dt, workspace));
    },
    readState(out) {
      for (const key of ['positions', 'velocities', 'previousVelocities'] as const) {
        if (out[key].length !== n) return Promise.reject(new Error(`readState: ${key} has ${out[key].length} numbers, expected ${n} (#V×3)`));
        out[key].set(state[key]);
      }
      const result = pending;
      pending = emptyStepDiagnostics(model);
      return Promise.resolve(result);
    },
    livePositions: () => state.positions,
    destroy() {},
  };
}
