import type { VbdWorkspace } from './createVbdWorkspace.ts';
import type { FloatArray, VbdModel } from './types.ts';
import { vertexForceHessian } from './vertexForceHessian.ts';

/**
 * Mean norm of the per-vertex force residual, mean_v ‖f_v‖ over unpinned vertices [N]: the numerator (and, at the
 * start of a substep, the denominator) of the relative force residual of seed 000 Eq. 5.28. f_v is the full
 * −∂G/∂x_v of Eq. 3.5/3.8 (inertia, elasticity, damping, attachment, contact), so it is zero exactly at the
 * implicit-Euler solution. Costs one sweep without solves.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers (the force lands in workspace.force; the Hessian is overwritten)
 * @param positions  #V×3 positions [m]
 * @returns the mean force norm [N] (0 when every vertex is pinned)
 */
export function meanForceResidual(model: VbdModel, workspace: VbdWorkspace, positions: FloatArray): number {
  let sum = 0;
  let count = 0;
  const f = workspace.force;
  for (let v = 0; v < model.vertexCount; v++) {
    if (workspace.pinned[v] !== 0) continue;
    vertexForceHessian(model, workspace, v, positions);
    sum += Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    count++;
  }
  return count === 0 ? 0 : sum / count;
}
