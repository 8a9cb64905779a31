import type { VbdWorkspace } from './createVbdWorkspace.ts';
import { evaluateDihedralBendingForceHessian } from './evaluateDihedralBendingForceHessian.ts';
import { evaluateNeoHookeanForceHessian } from './evaluateNeoHookeanForceHessian.ts';
import { evaluateSpringForceHessian } from './evaluateSpringForceHessian.ts';
import { evaluateStvkTriangleForceHessian } from './evaluateStvkTriangleForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * Per-vertex elastic forces f_i = −∂E/∂x_i of every element at the given positions, without damping (seed 000
 * Eq. 3.5's element terms): the gather one GPU workgroup does per vertex, as in vertexForceHessian. Tets use
 * restShapeInverse (this call's rest shape). step uses it for `equilibriumAtTargets`: the forces at the animated targets ā are
 * subtracted from every later evaluation, E′(x) = E(x) − ∇E(ā)·x, so ā is an exact equilibrium of E′ while the
 * stiffness ∇²E′ = ∇²E is the material's.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers (its force and hessian scratch are overwritten; pinned vertices are skipped)
 * @param positions  #V×3 positions [m]
 * @param out        #V×3 forces [N]; 0 for pinned vertices
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ the tets are evaluated with: this call's (step passes the animated
 *                   rest shape or VbdControls.tetRestShapeInverse; default model.tetRestShapeInverse)
 * @returns out
 */
export function elasticForces(
  model: VbdModel,
  workspace: VbdWorkspace,
  positions: FloatArray,
  out: Float64Array,
  restShapeInverse: Float64Array = model.tetRestShapeInverse,
): Float64Array {
  const f = workspace.force;
  const H = workspace.hessian;
  for (let vertex = 0; vertex < model.vertexCount; vertex++) {
    f[0] = 0;
    f[1] = 0;
    f[2] = 0;
    if (workspace.pinned[vertex] === 0) {
      for (let e = model.vertexTetOffsets[vertex], end = model.vertexTetOffsets[vertex + 1]; e < end; e++) {
        const entry = model.vertexTets[e];
        evaluateNeoHookeanForceHessian(model, entry >>> 2, entry & 3, positions, positions, 0, f, H, restShapeInverse);
      }
      for (let e = model.vertexTriangleOffsets[vertex], end = model.vertexTriangleOffsets[vertex + 1]; e < end; e++) {
        const entry = model.vertexTriangles[e];
        evaluateStvkTriangleForceHessian(model, entry >>> 2, entry & 3, positions, positions, 0, f, H);
      }
      for (let e = model.vertexHingeOffsets[vertex], end = model.vertexHingeOffsets[vertex + 1]; e < end; e++) {
        const entry = model.vertexHinges[e];
        evaluateDihedralBendingForceHessian(model, entry >>> 2, entry & 3, positions, positions, 0, f, H);
      }
      for (let e = model.vertexSpringOffsets[vertex], end = model.vertexSpringOffsets[vertex + 1]; e < end; e++) {
        const entry = model.vertexSprings[e];
        evaluateSpringForceHessian(model, entry >>> 2, entry & 3, positions, positions, 0, f, H);
      }
    }
    out[3 * vertex] = f[0];
    out[3 * vertex + 1] = f[1];
    out[3 * vertex + 2] = f[2];
  }
  return out;
}
