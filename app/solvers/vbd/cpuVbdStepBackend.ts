import { createCpuVbdStepper } from './createCpuVbdStepper.ts';
import type { VbdStepBackend } from './vbdStepBackend.ts';

/**
 * The CPU backend of the VBD step (app/solvers/vbd/step.ts in double precision): the reference every GPU kernel
 * is tested against, and the fallback when no suitable GPU exists or a GPU fails.
 *
 * @param reason  why the CPU runs, for the report ('CPU: <reason>'); default: it is the reference solver
 * @returns the backend
 */
export function cpuVbdStepBackend(reason = 'the reference solver (app/solvers/vbd)'): VbdStepBackend {
  return { kind: 'cpu', description: `CPU: ${reason}`, createStepper: createCpuVbdStepper, dispose() {} };
}
