import type { GpuOgcDetection } from '../../contact/gpuOgcDetection.ts';
import { dispatchKernel } from './dispatchKernel.ts';
import { betweenPasses, encodeTruncation, type StepEncoding } from './stepEncoding.ts';
import type { GpuVbdStepperData } from './types.ts';

// OGC's Algorithm 4 (seed 000 ch. 5) around the VBD iterations, in the call's command buffer: ogcContact's
// beginSubstep and endIteration as GPU work. Every dispatch of a detection is sized by its gate (indirectly, or
// directly with kernels that read the gated size), so nothing is read back inside a frame. A substep's control
// entries (prepareContactCall) are its start, the mark after the guess, then one per iteration.

/**
 * ogcContact's beginSubstep after forwardStep: detect at x^t (the gate always open), the detection state at the
 * substep's start, the truncation of the guess (Eq. 5.27), and the vertices in contact marked.
 *
 * @param data         the stepper
 * @param enc          the call's encoding (with its detection)
 * @param detection    the call's detection
 * @param substep      the substep's index s
 * @param substepSlot  the substep's substepPass offset [bytes]
 */
export function encodeSubstepContact(data: GpuVbdStepperData, enc: StepEncoding, detection: GpuOgcDetection, substep: number, substepSlot: number): void {
  const base = substep * (2 + enc.settings.iterations);
  betweenPasses(data, enc, () => {
    detection.encodeGate(enc.encoder, base);
    detection.encodeDetection(enc.encoder, true);
  });
  dispatchKernel(data, enc.pass, 'detectionStateAtStart', data.vertexGroups, 0, substepSlot);
  encodeTruncation(data, enc, substepSlot);
  dispatchKernel(data, enc.pass, 'markInContact', data.vertexGroups, 0, substepSlot);
  betweenPasses(data, enc, () => detection.encodeGate(enc.encoder, base + 1));
}

/**
 * ogcContact's endIteration: truncate; re-detect at x when more than γ_e of the free vertices were truncated
 * (decided on the GPU by the gate: the detection and detectionStateNow run or do nothing), and mark the vertices in
 * contact.
 *
 * @param data         the stepper
 * @param enc          the call's encoding
 * @param detection    the call's detection
 * @param substep      the substep's index s
 * @param iteration    the iteration, from 1
 * @param substepSlot  the substep's substepPass offset [bytes]
 */
export function encodeIterationContact(
  data: GpuVbdStepperData,
  enc: StepEncoding,
  detection: GpuOgcDetection,
  substep: number,
  iteration: number,
  substepSlot: number,
): void {
  encodeTruncation(data, enc, substepSlot);
  betweenPasses(data, enc, () => {
    detection.copyPositions(enc.encoder, data.positions, 0);
    detection.encodeGate(enc.encoder, substep * (2 + enc.settings.iterations) + 1 + iteration);
    detection.encodeDetection(enc.encoder, false);
  });
  dispatchKernel(data, enc.pass, 'detectionStateNow', data.vertexGroups, 0, substepSlot);
  dispatchKernel(data, enc.pass, 'markInContact', data.vertexGroups, 0, substepSlot);
}
