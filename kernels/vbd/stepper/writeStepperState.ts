import type { VbdState } from '../../../app/solvers/vbd/index.ts';
import { assertUsable } from './stepperErrors.ts';
import type { GpuVbdStepperData } from './types.ts';

const ZERO_COUNTERS = new Uint32Array(4);

/**
 * Uploads a state (positions, velocities, previous velocities, rounded to f32) and clears the counters and the work
 * pending since the last read: the next read reports only the calls after this.
 *
 * @param data   the stepper
 * @param state  #V×3 positions [m], velocities and previous velocities [m/s]
 * @throws Error when an array has the wrong length or the stepper was destroyed; VbdBackendError when the device was lost
 */
export function writeStepperState(data: GpuVbdStepperData, state: VbdState): void {
  const V = data.vertexCount;
  for (const key of ['positions', 'velocities', 'previousVelocities'] as const) {
    if (state[key].length !== 3 * V) throw new Error(`setState: ${key} has ${state[key].length} numbers, expected ${3 * V} (#V×3)`);
  }
  assertUsable(data);
  const upload = data.stateUpload;
  upload.set(state.velocities, 0);
  upload.set(state.previousVelocities, 3 * V);
  data.device.queue.writeBuffer(data.vertexData, 0, upload);
  upload.set(state.positions, 0);
  data.device.queue.writeBuffer(data.positions, 0, upload, 0, 3 * V);
  data.device.queue.writeBuffer(data.counters, 0, ZERO_COUNTERS);
  data.records = [];
  data.substepsPending = 0;
  data.iterationsPending = 0;
  data.callsSinceRead = [];
}
