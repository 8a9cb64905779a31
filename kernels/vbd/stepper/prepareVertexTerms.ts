import { vertexTerms, type VbdControls, type VbdModel } from '../../../app/solvers/vbd/index.ts';
import { SCALAR_SECTIONS, UPLOAD_START } from './vertexDataLayout.ts';

/**
 * The per-vertex terms of a call, written into the per-call upload: the CPU step's own vertexTerms
 * (app/solvers/vbd/vertexTerms.ts: accelerations a = gravity + externalAccelerations, the attachment stiffness
 * k_i = blendStiffness(m_i, w_i, κ) of Li 2019's implicit blending spring, ∞ = pinned, the damping c_i = β k_i + α m_i,
 * with its checks and messages) into float32 views of the upload, then the max distance (negative: no limit; step.ts
 * clampToTargets).
 *
 * @param model     the VBD model (masses [kg])
 * @param controls  the call's controls (gravity [m/s²], externalAccelerations #V×3 [m/s²], blendWeights #V in [0, 1],
 *                  attachmentStiffness κ [1/s²] one or #V, attachmentDamping β [s], targetDamping α [1/s],
 *                  maxDistances #V [m])
 * @param upload    the per-call upload (GpuVbdStepperData.callUpload: vertexData from section UPLOAD_START on), its
 *                  accelerations and scalar sections written
 * @returns the number of unpinned vertices
 */
export function prepareVertexTerms(model: VbdModel, controls: VbdControls, upload: Float32Array): number {
  const V = model.vertexCount;
  const section = (name: keyof typeof SCALAR_SECTIONS) =>
    upload.subarray((SCALAR_SECTIONS[name] - UPLOAD_START) * V, (SCALAR_SECTIONS[name] - UPLOAD_START + 1) * V);
  // The accelerations: #V×3 from 6·V of the upload, after the call's start and end targets (vertexDataLayout).
  const unpinned = vertexTerms(model, controls, {
    accelerations: upload.subarray(6 * V, 9 * V),
    pinned: section('pinned'),
    stiffness: section('attachmentStiffness'),
    damping: section('attachmentDamping'),
  });
  const maxDistances = controls.maxDistances;
  if (maxDistances && maxDistances.length !== V) throw new Error(`step: maxDistances must have ${V} numbers (#V), got ${maxDistances.length}`);
  // The clamp of step.ts clampToTargets; a negative value is "no limit" in the kernel.
  const limits = section('maxDistance');
  for (let v = 0; v < V; v++) limits[v] = maxDistances && maxDistances[v] < Infinity ? maxDistances[v] : -1;
  return unpinned;
}
