import type { GpuOgcDetection } from '../../contact/gpuOgcDetection.ts';
import { UNIFORM_SLOT_BYTES } from '../vbdKernels.ts';
import { dispatchKernel } from './dispatchKernel.ts';
import type { GpuStepSettings } from './gpuStepSettings.ts';
import { writePassSlot } from './substepPassSlots.ts';
import type { GpuVbdStepperData, ResidualRecord } from './types.ts';

// The encoding of one step call in progress and the few operations every part of it shares: a substepPass slot, a
// break in the compute pass for a detection's copies and gated dispatches, a residual evaluation, the truncation.
// encodeStepCall makes it; encodeSubstep and the contact steps (encodeContactDetection.ts) record into it.

/** A step call being encoded (one command buffer). */
export interface StepEncoding {
  readonly encoder: GPUCommandEncoder;
  /** the open compute pass (groups 0 and 1 bound); with contact a new one after each detection */
  pass: GPUComputePassEncoder;
  /** substepPass slots written so far */
  slotCount: number;
  /** α_before of the substep being encoded (its start between the call's targets) */
  alphaBefore: number;
  readonly settings: GpuStepSettings;
  /** the call's OGC detection (null: no contact this call) */
  readonly detection: GpuOgcDetection | null;
  /** unpinned vertices of the call (the residual records' mean) */
  readonly unpinned: number;
}

/**
 * Writes the next substepPass slot (at the encoding's α_before) and returns its dynamic offset [bytes].
 *
 * @param data             the stepper
 * @param enc              the call's encoding (slotCount advanced)
 * @param alpha            substep α
 * @param chebyshevActive  whether Chebyshev acceleration applies
 * @param residualSlot     the residual sum's index
 * @param atTargets        elastic forces at the targets
 * @returns the slot's byte offset
 */
export function passSlot(data: GpuVbdStepperData, enc: StepEncoding, alpha: number, chebyshevActive: boolean, residualSlot: number, atTargets = false): number {
  writePassSlot(data, enc.slotCount, alpha, chebyshevActive, residualSlot, enc.alphaBefore, atTargets);
  return UNIFORM_SLOT_BYTES * enc.slotCount++;
}

/** Opens a compute pass of the call with the model and state groups bound. */
export function beginStepPass(data: GpuVbdStepperData, encoder: GPUCommandEncoder): GPUComputePassEncoder {
  const pass = encoder.beginComputePass({ label: 'vbd step' });
  pass.setBindGroup(0, data.modelGroup);
  pass.setBindGroup(1, data.stateGroup);
  return pass;
}

/**
 * Ends the open pass, records `commands` on the encoder between passes (a detection's copies and gated dispatches:
 * docs/contact.md), and opens the next pass.
 */
export function betweenPasses(data: GpuVbdStepperData, enc: StepEncoding, commands: () => void): void {
  enc.pass.end();
  commands();
  enc.pass = beginStepPass(data, enc.encoder);
}

/**
 * Records a residual evaluation (seed 000 Eq. 5.28: the mean force norm over the unpinned vertices, summed on the
 * GPU into the next results slot) and its record for readState.
 *
 * @param kind  'initial' at a substep's start (the denominator), 'value' after an iteration
 */
export function encodeResidual(data: GpuVbdStepperData, enc: StepEncoding, alpha: number, kind: ResidualRecord['kind']): void {
  const record: ResidualRecord = { slot: data.records.length, kind, unpinned: enc.unpinned };
  data.records.push(record);
  const offset = passSlot(data, enc, alpha, false, record.slot);
  dispatchKernel(data, enc.pass, 'meanForceResidual', data.blockGroups, 0, offset);
  dispatchKernel(data, enc.pass, 'sumResidual', [1, 1], 0, offset);
}

/** ogcContact's truncation to the conservative bounds (seed 000 Eq. 5.27): the moved flags, then the truncation. */
export function encodeTruncation(data: GpuVbdStepperData, enc: StepEncoding, offset: number): void {
  dispatchKernel(data, enc.pass, 'truncationMoved', data.vertexGroups, 0, offset);
  dispatchKernel(data, enc.pass, 'truncateToBounds', data.vertexGroups, 0, offset);
}
