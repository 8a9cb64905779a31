import type { VbdWorkspace } from './createVbdWorkspace.ts';
import type { FloatArray, VbdCallParameters, VbdModel } from './types.ts';

/**
 * The per-vertex (unary) terms of VBD's incremental potential, seed 000 Eqs. 2.6 and 3.1: the inertia term
 * m_i/(2h²)‖x_i − y_i‖² (y the inertia target of Eq. 2.3), or in quasistatic mode the external-force potential
 * −m_i a_ext·x_i, plus the blending attachment k_i/2‖x_i − a_i‖² (Li 2019 ch. 4; see
 * accumulateAttachmentForceHessian), plus, when the targets are made an equilibrium, the linear term f(a)·x_i that
 * cancels the elastic force there (elasticForces). The energies whose gradients accumulateInertiaForceHessian and
 * accumulateAttachmentForceHessian return; variationalEnergy and vertexLocalEnergy both add them.
 *
 * @param model           the VBD model (masses)
 * @param workspace       substep buffers (inertia target, accelerations, targets, attachment stiffness)
 * @param callParameters  this call's 1/h², quasistatic and equilibrium (createVbdCallParameters)
 * @param vertex          vertex index i
 * @param positions       #V×3 positions [m]
 * @param includeInertia  false leaves out the inertia (or external-force) term, as for pinned vertices in G
 * @returns the unary energy of vertex i [J]
 */
export function vertexUnaryEnergy(
  model: VbdModel,
  workspace: VbdWorkspace,
  callParameters: VbdCallParameters,
  vertex: number,
  positions: FloatArray,
  includeInertia = true,
): number {
  const o = 3 * vertex;
  const mass = model.masses[vertex];
  let energy = 0;
  if (includeInertia && callParameters.quasistatic) {
    const a = workspace.accelerations;
    energy -= mass * (a[o] * positions[o] + a[o + 1] * positions[o + 1] + a[o + 2] * positions[o + 2]);
  } else if (includeInertia) {
    const y = workspace.inertiaTarget;
    const dx = positions[o] - y[o];
    const dy = positions[o + 1] - y[o + 1];
    const dz = positions[o + 2] - y[o + 2];
    energy += 0.5 * mass * callParameters.inverseTimeStepSquared * (dx * dx + dy * dy + dz * dz);
  }
  const k = workspace.attachmentStiffness[vertex];
  if (k > 0) {
    const t = workspace.targets;
    const dx = positions[o] - t[o];
    const dy = positions[o + 1] - t[o + 1];
    const dz = positions[o + 2] - t[o + 2];
    energy += 0.5 * k * (dx * dx + dy * dy + dz * dz);
  }
  if (callParameters.equilibrium) {
    // E′ = E − ∇E(a)·x = E + f(a)·x (elasticForces at the targets)
    const e = workspace.equilibriumForce;
    energy += e[o] * positions[o] + e[o + 1] * positions[o + 1] + e[o + 2] * positions[o + 2];
  }
  return energy;
}
