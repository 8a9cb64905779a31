import { blendStiffness } from './blendStiffness.ts';
import type { VbdControls, VbdModel } from './types.ts';

const DEFAULT_GRAVITY = [0, -9.81, 0];

/** Where vertexTerms writes: arrays of #V (accelerations #V×3), float64 on the CPU, float32 views of the GPU's upload. */
export interface VertexTermsOut {
  /** #V×3 a = gravity + externalAccelerations [m/s²] */
  accelerations: Float64Array | Float32Array;
  /** #V 1 = pinned to its target (blend weight 0: k = ∞), else 0 */
  pinned: Uint8Array | Float32Array;
  /** #V attachment stiffness k_i [N/m]; 0 where pinned */
  stiffness: Float64Array | Float32Array;
  /** #V attachment damping c_i = β k_i + α m_i [N·s/m]; 0 where pinned */
  damping: Float64Array | Float32Array;
}

/**
 * The per-vertex terms of one step call, checked, for the CPU step and the WebGPU host alike: accelerations
 * a = gravity + externalAccelerations; the attachment stiffness k_i = blendStiffness(m_i, w_i, κ_i) of Li 2019's
 * implicit blending spring (blendStiffness.ts; ∞ = pinned, weight 0); the attachment dashpot c_i = β k_i + α m_i
 * (controls.attachmentDamping β, controls.targetDamping α). Every refusal names its control, and the first bad vertex
 * by index.
 *
 * @param model     the VBD model (masses [kg])
 * @param controls  the call's controls (gravity [m/s²], externalAccelerations #V×3 [m/s²], blendWeights #V in [0, 1],
 *                  attachmentStiffness κ [1/s²], one or #V, attachmentDamping β [s], targetDamping α [1/s])
 * @param out       the arrays written (VertexTermsOut)
 * @returns the number of unpinned vertices
 */
export function vertexTerms(model: VbdModel, controls: VbdControls, out: VertexTermsOut): number {
  const vertexCount = model.vertexCount;
  const gravity = controls.gravity ?? DEFAULT_GRAVITY;
  if (gravity.length !== 3 || !Number.isFinite(gravity[0]) || !Number.isFinite(gravity[1]) || !Number.isFinite(gravity[2])) {
    throw new Error('step: gravity must be three finite numbers [m/s²]');
  }
  const extra = controls.externalAccelerations;
  if (extra && extra.length !== 3 * vertexCount) throw new Error(`step: externalAccelerations must have ${3 * vertexCount} numbers (#V×3)`);
  const a = out.accelerations;
  for (let v = 0; v < vertexCount; v++) {
    for (let k = 0; k < 3; k++) a[3 * v + k] = gravity[k] + (extra ? extra[3 * v + k] : 0);
  }
  const weights = controls.blendWeights;
  if (weights && weights.length !== vertexCount) throw new Error(`step: blendWeights must have ${vertexCount} numbers (#V)`);
  const stiffness = controls.attachmentStiffness ?? 1000;
  const uniform = typeof stiffness === 'number';
  if (uniform ? !(stiffness >= 0) : stiffness.length !== vertexCount) {
    throw new Error(
      `step: attachmentStiffness must be a number ≥ 0 [1/s²] or #V = ${vertexCount} of them, got ${uniform ? stiffness : `${stiffness.length} numbers`}`,
    );
  }
  const attachmentDamping = controls.attachmentDamping ?? 0;
  const targetDamping = controls.targetDamping ?? 0;
  if (!(attachmentDamping >= 0) || !Number.isFinite(attachmentDamping)) throw new Error(`step: attachmentDamping must be ≥ 0 [s], got ${attachmentDamping}`);
  if (!(targetDamping >= 0) || !Number.isFinite(targetDamping)) throw new Error(`step: targetDamping must be ≥ 0 [1/s], got ${targetDamping}`);
  let unpinned = 0;
  for (let v = 0; v < vertexCount; v++) {
    const w = weights ? weights[v] : 1;
    if (!(w >= 0 && w <= 1)) throw new Error(`step: blend weight of vertex ${v} must be in [0, 1], got ${w}`);
    const kappa = uniform ? stiffness : stiffness[v];
    if (!(kappa >= 0)) throw new Error(`step: attachmentStiffness of vertex ${v} must be ≥ 0 [1/s²], got ${kappa}`);
    const k = blendStiffness(model.masses[v], w, kappa);
    const pinned = k === Number.POSITIVE_INFINITY;
    out.pinned[v] = pinned ? 1 : 0;
    out.stiffness[v] = pinned ? 0 : k;
    out.damping[v] = pinned ? 0 : attachmentDamping * k + targetDamping * model.masses[v];
    if (!pinned) unpinned++;
  }
  return unpinned;
}
