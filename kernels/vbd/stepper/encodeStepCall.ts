import type { GpuOgcDetection } from '../../contact/gpuOgcDetection.ts';
import { UNIFORM_SLOT_BYTES } from '../vbdKernels.ts';
import { encodeSubstep } from './encodeSubstep.ts';
import type { GpuStepSettings } from './gpuStepSettings.ts';
import { beginStepPass, type StepEncoding } from './stepEncoding.ts';
import { reservePassSlots } from './substepPassSlots.ts';
import type { GpuVbdStepperData } from './types.ts';

/**
 * The substeps of one step call as one compute pass (with contact, one between each detection) on `encoder`, and
 * their substepPass slots uploaded: room for every slot the call writes (per substep its own, the equilibrium's, one
 * per Chebyshev iteration, one per residual), then each substep (encodeSubstep). Nothing is read back.
 *
 * @param data       the stepper (records, slots; substepPass written)
 * @param encoder    the call's command encoder (the caller submits it)
 * @param settings   the call's settings (gpuStepSettings)
 * @param detection  the call's OGC detection (prepareContactCall; null: no contact)
 * @param unpinned   unpinned vertices of the call (prepareVertexTerms)
 */
export function encodeStepCall(
  data: GpuVbdStepperData,
  encoder: GPUCommandEncoder,
  settings: GpuStepSettings,
  detection: GpuOgcDetection | null,
  unpinned: number,
): void {
  const { substeps, iterations, rho, equilibrium, evaluationsPerSubstep } = settings;
  const chebyshevSlots = rho > 0 ? iterations : 0;
  reservePassSlots(data, substeps * (1 + (equilibrium ? 1 : 0) + chebyshevSlots + evaluationsPerSubstep));
  const enc: StepEncoding = { encoder, pass: beginStepPass(data, encoder), slotCount: 0, alphaBefore: 0, settings, detection, unpinned };
  for (let s = 0; s < substeps; s++) encodeSubstep(data, enc, s);
  enc.pass.end();
  data.device.queue.writeBuffer(data.substepPass, 0, data.passData, 0, UNIFORM_SLOT_BYTES * enc.slotCount);
}
