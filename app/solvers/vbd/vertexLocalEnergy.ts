import type { VbdWorkspace } from './createVbdWorkspace.ts';
import { dihedralBendingEnergy } from './evaluateDihedralBendingForceHessian.ts';
import { neoHookeanEnergy } from './evaluateNeoHookeanForceHessian.ts';
import { springEnergy } from './evaluateSpringForceHessian.ts';
import { stvkTriangleEnergy } from './evaluateStvkTriangleForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * The local variational energy of seed 000 Eq. 3.1, G_i(x) = m_i/(2h²)‖x_i − y_i‖² + Σ_{j∈F_i} E_j(x), plus the
 * vertex's attachment k_i/2‖x_i − a_i‖² (quasistatic: −m_i a_ext·x_i instead of inertia). Changing x_i alone changes
 * G by exactly the change of G_i (§3.1.1), which is what the optional local line search checks. Damping and contact
 * are not potentials here and are left out.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers (inertia target, targets, attachment stiffness, h)
 * @param vertex     vertex index i
 * @param positions  #V×3 positions [m]
 * @returns G_i [J]
 */
export function vertexLocalEnergy(model: VbdModel, workspace: VbdWorkspace, vertex: number, positions: FloatArray): number {
  const o = 3 * vertex;
  const mass = model.masses[vertex];
  let energy = 0;
  if (workspace.quasistatic) {
    const a = workspace.accelerations;
    energy -= mass * (a[o] * positions[o] + a[o + 1] * positions[o + 1] + a[o + 2] * positions[o + 2]);
  } else {
    const y = workspace.inertiaTarget;
    const dx = positions[o] - y[o];
    const dy = positions[o + 1] - y[o + 1];
    const dz = positions[o + 2] - y[o + 2];
    energy += 0.5 * mass * workspace.inverseTimeStepSquared * (dx * dx + dy * dy + dz * dz);
  }
  const k = workspace.attachmentStiffness[vertex];
  if (k > 0) {
    const t = workspace.targets;
    const dx = positions[o] - t[o];
    const dy = positions[o + 1] - t[o + 1];
    const dz = positions[o + 2] - t[o + 2];
    energy += 0.5 * k * (dx * dx + dy * dy + dz * dz);
  }
  for (let e = model.vertexTetOffsets[vertex]; e < model.vertexTetOffsets[vertex + 1]; e++) energy += neoHookeanEnergy(model, model.vertexTets[e] >>> 2, positions);
  for (let e = model.vertexTriangleOffsets[vertex]; e < model.vertexTriangleOffsets[vertex + 1]; e++) energy += stvkTriangleEnergy(model, model.vertexTriangles[e] >>> 2, positions);
  for (let e = model.vertexHingeOffsets[vertex]; e < model.vertexHingeOffsets[vertex + 1]; e++) energy += dihedralBendingEnergy(model, model.vertexHinges[e] >>> 2, positions);
  for (let e = model.vertexSpringOffsets[vertex]; e < model.vertexSpringOffsets[vertex + 1]; e++) energy += springEnergy(model, model.vertexSprings[e] >>> 2, positions);
  return energy;
}
