import { solveSymmetric3x3 } from '../../math/index.ts';
import type { VbdWorkspace } from './createVbdWorkspace.ts';
import type { FloatArray, VbdCallParameters, VbdModel } from './types.ts';
import { vertexForceHessian } from './vertexForceHessian.ts';

/**
 * Mean norm of the per-vertex force residual, mean_v ‖f_v‖ over unpinned vertices [N]: the numerator (and, at the
 * start of a substep, the denominator) of the relative force residual of seed 000 Eq. 5.28. f_v is the full
 * −∂G/∂x_v of Eq. 3.5/3.8 (inertia, elasticity, damping, attachment, contact), so it is zero exactly at the
 * implicit-Euler solution. Costs one sweep without solves.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers (the force lands in workspace.force; the Hessian is overwritten)
 * @param callParameters  this call's h, 1/h, 1/h², quasistatic, equilibrium, line search and contact (createVbdCallParameters)
 * @param positions  #V×3 positions [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ the tets are evaluated with: this call's (step passes the animated
 *                   rest shape or VbdControls.tetRestShapeInverse; default model.tetRestShapeInverse)
 * @param correction optional out: correction[0] receives the residual as a distance [m], mean_v ‖f_v‖·h²/m_v: since
 *                   the system matrix is at least M/h² (inertia; elasticity, damping and attachments only add), h²/m
 *                   bounds how far a force moves a vertex, so this bounds the solve's remaining error per vertex, and
 *                   unlike the force ratio of Eq. 5.28 it does not depend on how good the substep's initial guess was
 *                   (quasistatic: the local Newton step ‖H_v⁻¹ f_v‖, a lower estimate)
 * @returns the mean force norm [N] (0 when every vertex is pinned)
 */
export function meanForceResidual(
  model: VbdModel,
  workspace: VbdWorkspace,
  callParameters: VbdCallParameters,
  positions: FloatArray,
  restShapeInverse: Float64Array = model.tetRestShapeInverse,
  correction?: Float64Array,
): number {
  let sum = 0;
  let steps = 0;
  let count = 0;
  const f = workspace.force;
  const delta = workspace.delta;
  for (let v = 0; v < model.vertexCount; v++) {
    if (workspace.pinned[v] !== 0) continue;
    vertexForceHessian(model, workspace, callParameters, v, positions, restShapeInverse);
    sum += Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    if (correction) {
      const norm = Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
      const mass = model.masses[v];
      if (callParameters.inverseTimeStepSquared > 0 && mass > 0) steps += norm / (mass * callParameters.inverseTimeStepSquared);
      else if (solveSymmetric3x3(workspace.hessian, f, delta, 1e-12)) steps += Math.sqrt(delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2]);
    }
    count++;
  }
  if (correction) correction[0] = count === 0 ? 0 : steps / count;
  return count === 0 ? 0 : sum / count;
}
