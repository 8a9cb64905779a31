import type { VbdWorkspace } from './createVbdWorkspace.ts';
import { solveVertexBlock } from './solveVertexBlock.ts';
import type { FloatArray, VbdCallParameters, VbdModel } from './types.ts';

/**
 * One color pass of a VBD iteration (seed 000 Algorithm 1 lines 6–23): solve every unpinned vertex of the color
 * into the auxiliary buffer, then copy the color back into positions. Vertices of one color share no material
 * element, so on the CPU this equals an in-place sweep; the two-buffer form keeps the result identical to the GPU
 * twin when contact couples two vertices of the same color (seed 000 §3.1.9: those see each other's old position).
 *
 * @param model      the VBD model
 * @param workspace  substep buffers
 * @param callParameters  this call's h, 1/h, 1/h², quasistatic, equilibrium, line search and contact (createVbdCallParameters)
 * @param color      color index in [0, model.colorCount)
 * @param positions  #V×3 positions [m], updated for this color's vertices
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ the tets are evaluated with: this call's (step passes the animated
 *                   rest shape or VbdControls.tetRestShapeInverse; default model.tetRestShapeInverse)
 */
export function solveColor(
  model: VbdModel,
  workspace: VbdWorkspace,
  callParameters: VbdCallParameters,
  color: number,
  positions: FloatArray,
  restShapeInverse: Float64Array = model.tetRestShapeInverse,
): void {
  const vertices = model.colorVertices;
  const begin = model.colorOffsets[color];
  const end = model.colorOffsets[color + 1];
  const pinned = workspace.pinned;
  for (let k = begin; k < end; k++) {
    const v = vertices[k];
    if (pinned[v] === 0) solveVertexBlock(model, workspace, callParameters, v, positions, restShapeInverse);
  }
  const next = workspace.positionsNew;
  for (let k = begin; k < end; k++) {
    const v = vertices[k];
    if (pinned[v] !== 0) continue;
    const o = 3 * v;
    positions[o] = next[o];
    positions[o + 1] = next[o + 1];
    positions[o + 2] = next[o + 2];
  }
}
