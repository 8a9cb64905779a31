import type { OgcContact } from '../../../app/contact/index.ts';
import { GATE_MODE, GpuOgcDetection } from '../../contact/gpuOgcDetection.ts';
import { bindContact } from './stepperBindGroups.ts';
import type { GpuVbdStepperData } from './types.ts';
import { SCALAR_SECTIONS, UPLOAD_START } from './vertexDataLayout.ts';

/**
 * A call's contact on the GPU (OGC, seed 000 ch. 5, Algorithm 4): the OGC detection for this OgcContact (made at its
 * first call, its kernels compiled with the stepper), this call's inputs uploaded (ogcContact's frame, the pins, the
 * gates' control entries: per substep its start, the mark after the guess, one per iteration, each with the
 * re-detection threshold γ_e · the free vertices that carry a point) and its contact binding bound.
 *
 * @param data        the stepper (ogc made or kept, the contact binding bound)
 * @param ogc         the call's contact (ogcContactOf(controls.contact))
 * @param upload      the per-call upload with its pinned section written (prepareVertexTerms)
 * @param targetsEnd  #V×3 targets at the call's end [m] (the detection's cell positions)
 * @param substeps    substeps of the call
 * @param iterations  iterations per substep
 * @returns the detection the call's encoding drives
 * @throws Error when the contact was made for another vertex count, or replaces one whose calls were not read yet
 */
export function prepareContactCall(
  data: GpuVbdStepperData,
  ogc: OgcContact,
  upload: Float32Array,
  targetsEnd: ArrayLike<number>,
  substeps: number,
  iterations: number,
): GpuOgcDetection {
  const V = data.vertexCount;
  const options = ogc.options;
  if (options.simulationVertexCount !== V)
    throw new Error(`step: the contact was made for ${options.simulationVertexCount} simulation vertices, the model has ${V}`);
  if (data.ogc?.contact !== ogc) {
    if (data.callsSinceRead.some((call) => call.controls.contact))
      throw new Error('step: a new contact before the calls of the previous one were read (readState)');
    data.ogc?.detection.destroy();
    const detection = GpuOgcDetection.createCompiled(data.device, { ...options, vertexColors: data.model.vertexColors, gatedDispatch: data.gatedDispatch });
    detection.attachStep(data.counters);
    // the vertices that carry a surface point (a finite bound in ogcContact), fixed with the contact
    const carries = new Uint8Array(V);
    for (let k = 0; k < options.pointWeights.length; k++) if (options.pointWeights[k] !== 0) carries[options.pointVertices[k]] = 1;
    data.ogc = { contact: ogc, detection, carries };
  }
  const { detection, carries } = data.ogc;
  const pinnedAt = (SCALAR_SECTIONS.pinned - UPLOAD_START) * V;
  const pinned = new Uint8Array(V);
  for (let v = 0; v < V; v++) pinned[v] = upload[pinnedAt + v] !== 0 ? 1 : 0;
  // γ_e · the free vertices that carry a point (ogcContact's endIteration: unpinned, with a finite bound)
  let free = 0;
  for (let v = 0; v < V; v++) if (carries[v] && !pinned[v]) free++;
  const threshold = (options.redetectionFraction ?? 0.01) * free;
  const perSubstep = 2 + iterations;
  const control = new Uint32Array(4 * substeps * perSubstep);
  const floats = new Float32Array(control.buffer);
  for (let s = 0; s < substeps; s++) {
    for (let k = 0; k < perSubstep; k++) {
      const o = 4 * (s * perSubstep + k);
      control[o] = k === 0 ? GATE_MODE.substepStart : k === 1 ? GATE_MODE.mark : GATE_MODE.iteration;
      floats[o + 1] = threshold;
      floats[o + 2] = (s + 1) / substeps;
      floats[o + 3] = s / substeps;
    }
  }
  const frame = ogc.frameInputs();
  detection.setCall({ ...frame, pinned, cellPositions: targetsEnd, control });
  bindContact(data, detection.contactBuffer);
  return detection;
}
