import { blendStiffness } from '../../../app/solvers/vbd/blendStiffness.ts';
import type { VbdControls, VbdModel } from '../../../app/solvers/vbd/index.ts';
import { SCALAR_SECTIONS, UPLOAD_START } from './vertexDataLayout.ts';

const DEFAULT_GRAVITY = [0, -9.81, 0];

/**
 * The per-vertex terms of a call, the twin of step.ts's prepareVertexTerms (app/solvers/vbd/step.ts), written into
 * the per-call upload: accelerations a = gravity + externalAccelerations, the attachment stiffness
 * k_i = blendStiffness(m_i, w_i, κ) (Li 2019's implicit blending spring, app/solvers/vbd/blendStiffness.ts; Infinity
 * = pinned), the damping c_i = β k_i + α m_i, and the max distance (negative: no limit; step.ts clampToTargets). The
 * CPU's checks, in the CPU's order, with its messages (before the split the GPU worded the two κ errors its own way).
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
  const gravity = controls.gravity ?? DEFAULT_GRAVITY;
  if (gravity.length !== 3 || !Number.isFinite(gravity[0]) || !Number.isFinite(gravity[1]) || !Number.isFinite(gravity[2])) {
    throw new Error('step: gravity must be three finite numbers [m/s²]');
  }
  const extra = controls.externalAccelerations;
  if (extra && extra.length !== 3 * V) throw new Error(`step: externalAccelerations must have ${3 * V} numbers (#V×3)`);
  const weights = controls.blendWeights;
  if (weights && weights.length !== V) throw new Error(`step: blendWeights must have ${V} numbers (#V)`);
  const kappas = controls.attachmentStiffness ?? 1000;
  const uniform = typeof kappas === 'number';
  if (uniform ? !(kappas >= 0) : kappas.length !== V) {
    throw new Error(`step: attachmentStiffness must be a number ≥ 0 [1/s²] or #V = ${V} of them, got ${uniform ? kappas : `${kappas.length} numbers`}`);
  }
  const attachmentDamping = controls.attachmentDamping ?? 0;
  const targetDamping = controls.targetDamping ?? 0;
  if (!(attachmentDamping >= 0) || !Number.isFinite(attachmentDamping)) throw new Error(`step: attachmentDamping must be ≥ 0 [s], got ${attachmentDamping}`);
  if (!(targetDamping >= 0) || !Number.isFinite(targetDamping)) throw new Error(`step: targetDamping must be ≥ 0 [1/s], got ${targetDamping}`);
  const accelerations = 6 * V;
  const stiffness = (SCALAR_SECTIONS.attachmentStiffness - UPLOAD_START) * V;
  const pinned = (SCALAR_SECTIONS.pinned - UPLOAD_START) * V;
  const damping = (SCALAR_SECTIONS.attachmentDamping - UPLOAD_START) * V;
  const limits = (SCALAR_SECTIONS.maxDistance - UPLOAD_START) * V;
  const maxDistances = controls.maxDistances;
  if (maxDistances && maxDistances.length !== V) throw new Error(`step: maxDistances must have ${V} numbers (#V), got ${maxDistances.length}`);
  let unpinned = 0;
  for (let v = 0; v < V; v++) {
    for (let k = 0; k < 3; k++) upload[accelerations + 3 * v + k] = gravity[k] + (extra ? extra[3 * v + k] : 0);
    const w = weights ? weights[v] : 1;
    if (!(w >= 0 && w <= 1)) throw new Error(`step: blend weight of vertex ${v} must be in [0, 1], got ${w}`);
    const kappa = uniform ? kappas : kappas[v];
    if (!(kappa >= 0)) throw new Error(`step: attachmentStiffness of vertex ${v} must be ≥ 0 [1/s²], got ${kappa}`);
    const k = blendStiffness(model.masses[v], w, kappa);
    const isPinned = k === Number.POSITIVE_INFINITY;
    upload[pinned + v] = isPinned ? 1 : 0;
    upload[stiffness + v] = isPinned ? 0 : k;
    // c_i = β k_i + α m_i, as step.ts's prepareVertexTerms
    upload[damping + v] = isPinned ? 0 : attachmentDamping * k + targetDamping * model.masses[v];
    // The clamp of step.ts clampToTargets; a negative value is "no limit" in the kernel.
    upload[limits + v] = maxDistances && maxDistances[v] < Infinity ? maxDistances[v] : -1;
    if (!isPinned) unpinned++;
  }
  return unpinned;
}
