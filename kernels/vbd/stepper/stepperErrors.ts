import { VbdBackendError } from '../../../app/solvers/vbd/index.ts';
import type { GpuVbdStepperData } from './types.ts';

// How the stepper's device failures surface (DESIGN NOTES of createGpuVbdStepper.ts): as VbdBackendError, from a
// call when the loss is already known, else from the error scopes of the work so far when the next read awaits them.

/**
 * Throws unless the stepper can take work: a plain Error once destroyed, VbdBackendError 'device-lost' once the
 * device is known lost.
 *
 * @param data  the stepper
 */
export function assertUsable(data: GpuVbdStepperData): void {
  if (data.destroyed) throw new Error('the GPU stepper was destroyed');
  if (data.kernels.lostMessage) throw new VbdBackendError('device-lost', data.kernels.lostMessage);
}

/**
 * Awaits the error scopes of the work so far (data.checks, emptied); the first error becomes a VbdBackendError:
 * 'device-lost', 'out-of-memory' or 'internal' (a validation error is a bug of the stepper).
 *
 * @param data  the stepper
 */
export async function collectErrors(data: GpuVbdStepperData): Promise<void> {
  const checks = data.checks;
  data.checks = [];
  let errors: (GPUError | null)[];
  try {
    errors = await Promise.all(checks);
  } catch (error) {
    throw new VbdBackendError('device-lost', data.kernels.lostMessage ?? (error instanceof Error ? error.message : String(error)));
  }
  const error = errors.find((e) => e !== null);
  if (!error) return;
  if (data.kernels.lostMessage) throw new VbdBackendError('device-lost', data.kernels.lostMessage);
  if (typeof GPUOutOfMemoryError !== 'undefined' && error instanceof GPUOutOfMemoryError)
    throw new VbdBackendError('out-of-memory', `the GPU ran out of memory: ${error.message}`);
  throw new VbdBackendError('internal', `WebGPU reported an error in the VBD step: ${error.message}`);
}
