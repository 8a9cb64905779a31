import type { VbdControls } from '../../../app/solvers/vbd/index.ts';
import type { GpuVbdStepperData } from './types.ts';

/** CallParams' values (vbdBindings.wgsl) other than h. */
export interface CallParamsValues {
  quasistatic: boolean;
  /** INITIALIZATION_CODES' code */
  initialization: number;
  /** Chebyshev ρ (0: off) */
  rho: number;
  /** damping relative to the targets' motion (VbdControls.dampRelativeToTargets) */
  dampRelative: boolean;
  /** equilibrium at the targets (VbdControls.equilibriumAtTargets) */
  equilibrium: boolean;
  /** the stretch limits of the animated rest shape (VbdControls.animatedRest; undefined: 1, 1) */
  animatedRest?: VbdControls['animatedRest'];
}

/**
 * Writes a call's CallParams uniform: h [s], 1/h and 1/h² (0 when quasistatic: the inertia term
 * m/h² dropped), the mode words, ρ and the animated rest shape's stretch limits.
 *
 * @param data    the stepper (callParamsData and the callParams uniform written)
 * @param h       substep length [s]
 * @param values  the call's modes
 */
export function writeCallParams(data: GpuVbdStepperData, h: number, values: CallParamsValues): void {
  const floats = new Float32Array(data.callParamsData);
  const words = new Uint32Array(data.callParamsData);
  const { quasistatic, animatedRest } = values;
  floats[0] = h;
  floats[1] = quasistatic ? 0 : 1 / h;
  floats[2] = quasistatic ? 0 : 1 / (h * h);
  words[3] = quasistatic ? 1 : 0;
  words[4] = values.initialization;
  floats[5] = values.rho;
  words[6] = values.dampRelative ? 1 : 0;
  words[7] = values.equilibrium ? 1 : 0;
  floats[8] = animatedRest?.minStretch ?? 1;
  floats[9] = animatedRest?.maxStretch ?? 1;
  data.device.queue.writeBuffer(data.callParams, 0, data.callParamsData);
}
