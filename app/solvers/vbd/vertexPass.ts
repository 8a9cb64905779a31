import type { VbdWorkspace } from './createVbdWorkspace.ts';
import type { FloatArray, VbdCallParameters, VbdModel } from './types.ts';

/**
 * The contract of the per-vertex passes of VBD's Gauss–Seidel sweep (seed 000 Algorithm 1 lines 10–20, one vertex i
 * of the color being solved): vertexForceHessian gathers f_i and H_i (Eqs. 3.5–3.8), vertexLocalEnergy evaluates
 * G_i (Eq. 3.1) for the line search, solveVertexBlock takes the 3×3 Newton step (Eqs. 3.2, 3.4). All three read the
 * same inputs in the same order; what each writes or returns is in its own header.
 *
 * @param model             the VBD model
 * @param workspace         the substep's buffers (inertia target, targets, damping reference, force and Hessian scratch)
 * @param callParameters    this call's h, 1/h, 1/h², quasistatic, equilibrium, line search and contact (createVbdCallParameters)
 * @param vertex            vertex index i
 * @param positions         #V×3 current positions x [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ the tets are evaluated with: this call's (step passes the animated
 *                          rest shape or VbdControls.tetRestShapeInverse; default model.tetRestShapeInverse)
 */
export type VertexPass<Result> = (
  model: VbdModel,
  workspace: VbdWorkspace,
  callParameters: VbdCallParameters,
  vertex: number,
  positions: FloatArray,
  restShapeInverse?: Float64Array,
) => Result;
