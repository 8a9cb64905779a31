import { UNIFORM_SLOT_BYTES } from '../vbdKernels.ts';
import { callBindGroup } from './stepperBindGroups.ts';
import type { GpuVbdStepperData } from './types.ts';

// The substepPass uniform: one UNIFORM_SLOT_BYTES slot per distinct SubstepPass of a call (vbdBindings.wgsl: α,
// chebyshevActive, residualSlot, α_before, atTargets), chosen per dispatch by a dynamic offset. Dynamic uniform slots
// carry what changes between dispatches of one pass; the call writes them all with one writeBuffer before its submit.

/**
 * Fills substepPass slot `index` in the host copy (data.passData; the call uploads it once).
 *
 * @param data          the stepper
 * @param index         slot index (< data.passCapacity)
 * @param alpha         substep α ∈ (0, 1]: where the substep ends between the call's targets
 * @param chebyshevActive  whether Chebyshev acceleration applies at this iteration (past chebyshevDelay)
 * @param residualSlot  index of the residual sum meanForceResidual writes
 * @param alphaBefore   substep start α_before (the damping reference and the target offset)
 * @param atTargets     elastic forces at the targets (equilibriumAtTargets)
 */
export function writePassSlot(
  data: GpuVbdStepperData,
  index: number,
  alpha: number,
  chebyshevActive: boolean,
  residualSlot: number,
  alphaBefore: number,
  atTargets: boolean,
): void {
  const o = (UNIFORM_SLOT_BYTES / 4) * index;
  data.passFloats[o] = alpha;
  data.passWords[o + 1] = chebyshevActive ? 1 : 0;
  data.passWords[o + 2] = residualSlot;
  data.passFloats[o + 3] = alphaBefore;
  data.passWords[o + 4] = atTargets ? 1 : 0;
}

/**
 * Grows the substepPass uniform (at least doubling) and its bind group to hold `slots` slots; the old buffer stays in
 * data.buffers until destroy.
 *
 * @param data   the stepper (passData, its views, passCapacity, substepPass and callGroup replaced when growing)
 * @param slots  slots the next call needs
 */
export function reservePassSlots(data: GpuVbdStepperData, slots: number): void {
  if (slots <= data.passCapacity) return;
  data.passCapacity = Math.max(slots, 2 * data.passCapacity);
  data.passData = new ArrayBuffer(UNIFORM_SLOT_BYTES * data.passCapacity);
  data.passFloats = new Float32Array(data.passData);
  data.passWords = new Uint32Array(data.passData);
  data.substepPass = data.device.createBuffer({
    label: 'vbd substepPass',
    size: data.passData.byteLength,
    usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
  });
  data.buffers.push(data.substepPass);
  data.callGroup = callBindGroup(data);
}
