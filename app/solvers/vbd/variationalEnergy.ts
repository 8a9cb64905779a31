import type { VbdWorkspace } from './createVbdWorkspace.ts';
import { dihedralBendingEnergy } from './evaluateDihedralBendingForceHessian.ts';
import { neoHookeanEnergy } from './evaluateNeoHookeanForceHessian.ts';
import { springEnergy } from './evaluateSpringForceHessian.ts';
import { stvkTriangleEnergy } from './evaluateStvkTriangleForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * The incremental potential VBD minimizes, seed 000 Eq. 2.6: G(x) = 1/(2h²)‖x − y‖²_M + E(x), with E the sum of
 * every element's elastic energy plus the blending attachments Σ k_i/2 ‖x_i − a_i‖²; in quasistatic mode the
 * inertia term is replaced by the external-force potential −Σ m_i a_ext·x_i. Damping is not a potential and is left
 * out. Pinned vertices contribute only through the elements they share. Allocates; for tests and diagnostics.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers (inertia target, targets, attachment stiffness, h)
 * @param positions  #V×3 positions [m]
 * @returns G [J]
 */
export function variationalEnergy(model: VbdModel, workspace: VbdWorkspace, positions: FloatArray): number {
  let energy = 0;
  for (let v = 0; v < model.vertexCount; v++) {
    const m = model.masses[v];
    const o = 3 * v;
    if (workspace.pinned[v] === 0) {
      if (workspace.quasistatic) {
        const a = workspace.accelerations;
        energy -= m * (a[o] * positions[o] + a[o + 1] * positions[o + 1] + a[o + 2] * positions[o + 2]);
      } else {
        const y = workspace.inertiaTarget;
        const dx = positions[o] - y[o];
        const dy = positions[o + 1] - y[o + 1];
        const dz = positions[o + 2] - y[o + 2];
        energy += 0.5 * m * workspace.inverseTimeStepSquared * (dx * dx + dy * dy + dz * dz);
      }
    }
    const k = workspace.attachmentStiffness[v];
    if (k > 0) {
      const t = workspace.targets;
      const dx = positions[o] - t[o];
      const dy = positions[o + 1] - t[o + 1];
      const dz = positions[o + 2] - t[o + 2];
      energy += 0.5 * k * (dx * dx + dy * dy + dz * dz);
    }
  }
  for (let t = 0; t < model.tetCount; t++) energy += neoHookeanEnergy(model, t, positions);
  for (let t = 0; t < model.triangleCount; t++) energy += stvkTriangleEnergy(model, t, positions);
  for (let h = 0; h < model.hingeCount; h++) energy += dihedralBendingEnergy(model, h, positions);
  for (let s = 0; s < model.springCount; s++) energy += springEnergy(model, s, positions);
  return energy;
}
