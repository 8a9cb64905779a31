import { solveSymmetric3x3 } from '../../math/index.ts';
import type { VertexPass } from './vertexPass.ts';
import { vertexForceHessian } from './vertexForceHessian.ts';
import { vertexLocalEnergy } from './vertexLocalEnergy.ts';

/**
 * One VBD vertex update (seed 000 Eqs. 3.2, 3.4; Algorithm 1 lines 10–20): gather f_i and H_i, take the analytic
 * 3×3 Newton step Δx_i = H_i⁻¹ f_i, and write x_i + Δx_i to workspace.positionsNew. When |det H_i| is (nearly) zero
 * the vertex keeps its position for this iteration (§3.1.2), counted in workspace.skippedSolves.
 *
 * The optional local backtracking line search of §3.1.2 (callParameters.lineSearch) halves the step up to 8 times until
 * G_i (vertexLocalEnergy) does not increase, and keeps x_i otherwise; the paper measured +40% cost and no benefit in
 * its scenes, so it is off by default. It makes every vertex update a descent step for G even for large deformations
 * of softening energies (StVK, springs), where the full Newton step of a non-convex G_i can overshoot.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers (reads the inertia target, targets; writes positionsNew)
 * @param callParameters  this call's h, 1/h, 1/h², quasistatic, equilibrium, line search and contact (createVbdCallParameters)
 * @param vertex     vertex index i
 * @param positions  #V×3 current positions x [m]; read only (the line search restores what it probes)
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ the tets are evaluated with: this call's (step passes the animated
 *                   rest shape or VbdControls.tetRestShapeInverse; default model.tetRestShapeInverse)
 * @returns true when the vertex moved by a solve, false when the solve was refused
 */
export const solveVertexBlock: VertexPass<boolean> = (model, workspace, callParameters, vertex, positions, restShapeInverse = model.tetRestShapeInverse) => {
  vertexForceHessian(model, workspace, callParameters, vertex, positions, restShapeInverse);
  const o = 3 * vertex;
  const out = workspace.positionsNew;
  const delta = workspace.delta;
  const x0 = positions[o];
  const x1 = positions[o + 1];
  const x2 = positions[o + 2];
  out[o] = x0;
  out[o + 1] = x1;
  out[o + 2] = x2;
  if (!solveSymmetric3x3(workspace.hessian, workspace.force, delta, 1e-12)) {
    workspace.skippedSolves++;
    return false;
  }
  let scale = 1;
  if (callParameters.lineSearch) {
    const before = vertexLocalEnergy(model, workspace, callParameters, vertex, positions, restShapeInverse);
    for (let attempt = 0; ; attempt++) {
      positions[o] = x0 + scale * delta[0];
      positions[o + 1] = x1 + scale * delta[1];
      positions[o + 2] = x2 + scale * delta[2];
      const after = vertexLocalEnergy(model, workspace, callParameters, vertex, positions, restShapeInverse);
      if (after <= before) break;
      if (attempt === 8) {
        scale = 0;
        break;
      }
      scale *= 0.5;
    }
    positions[o] = x0;
    positions[o + 1] = x1;
    positions[o + 2] = x2;
  }
  out[o] = x0 + scale * delta[0];
  out[o + 1] = x1 + scale * delta[1];
  out[o + 2] = x2 + scale * delta[2];
  return true;
};
