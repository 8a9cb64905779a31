import type { VbdWorkspace } from './createVbdWorkspace.ts';
import { dihedralBendingEnergy } from './evaluateDihedralBendingForceHessian.ts';
import { springEnergy } from './evaluateSpringForceHessian.ts';
import { stvkTriangleEnergy } from './evaluateStvkTriangleForceHessian.ts';
import { tetElasticEnergy } from './tetElasticEnergy.ts';
import type { FloatArray, VbdCallParameters, VbdModel } from './types.ts';
import { vertexUnaryEnergy } from './vertexUnaryEnergy.ts';

/**
 * The incremental potential VBD minimizes, seed 000 Eq. 2.6: G(x) = 1/(2h²)‖x − y‖²_M + E(x), with E the sum of
 * every element's elastic energy plus the blending attachments Σ k_i/2 ‖x_i − a_i‖²; in quasistatic mode the
 * inertia term is replaced by the external-force potential −Σ m_i a_ext·x_i. Damping is not a potential and is left
 * out. Pinned vertices contribute only through the elements they share. Allocates; for tests and diagnostics.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers (inertia target, targets, attachment stiffness)
 * @param callParameters  this call's h, 1/h, 1/h², quasistatic, equilibrium, line search and contact (createVbdCallParameters)
 * @param positions  #V×3 positions [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ the tets are evaluated with: this call's (step passes the animated
 *                   rest shape or VbdControls.tetRestShapeInverse; default model.tetRestShapeInverse)
 * @returns G [J]
 */
export function variationalEnergy(
  model: VbdModel,
  workspace: VbdWorkspace,
  callParameters: VbdCallParameters,
  positions: FloatArray,
  restShapeInverse: Float64Array = model.tetRestShapeInverse,
): number {
  let energy = 0;
  for (let v = 0; v < model.vertexCount; v++) energy += vertexUnaryEnergy(model, workspace, callParameters, v, positions, workspace.pinned[v] === 0);
  for (let t = 0; t < model.tetCount; t++) energy += tetElasticEnergy(model, t, positions, restShapeInverse);
  for (let t = 0; t < model.triangleCount; t++) energy += stvkTriangleEnergy(model, t, positions);
  for (let h = 0; h < model.hingeCount; h++) energy += dihedralBendingEnergy(model, h, positions);
  for (let s = 0; s < model.springCount; s++) energy += springEnergy(model, s, positions);
  return energy;
}
