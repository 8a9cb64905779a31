import { accumulateAttachmentForceHessian } from './accumulateAttachmentForceHessian.ts';
import { accumulateInertiaForceHessian } from './accumulateInertiaForceHessian.ts';
import { evaluateCorotatedForceHessian } from './evaluateCorotatedForceHessian.ts';
import { evaluateContactForceHessian } from './evaluateContactForceHessian.ts';
import { evaluateDihedralBendingForceHessian } from './evaluateDihedralBendingForceHessian.ts';
import { evaluateNeoHookeanForceHessian } from './evaluateNeoHookeanForceHessian.ts';
import { evaluateSpringForceHessian } from './evaluateSpringForceHessian.ts';
import { evaluateStvkTriangleForceHessian } from './evaluateStvkTriangleForceHessian.ts';
import type { VertexPass } from './vertexPass.ts';

/**
 * Total force f_i and 3×3 Hessian H_i of vertex i's local variational energy G_i (seed 000 Eqs. 3.1, 3.5–3.8):
 * inertia (or, in quasistatic mode, the external force m_i a_ext), every adjacent tetrahedron, triangle, hinge and
 * spring with their damping (measured from workspace.dampingReference), the blending attachment and its dashpot,
 * minus the elastic force at the targets when the targets are the equilibrium (callParameters.equilibrium), and every
 * contact in the vertex's own contact list (OGC, seed 000 Algorithm 5 lines 4–6: gathered, never scattered).
 * This is the reduction one GPU workgroup performs for one vertex.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers; the result lands in workspace.force (3) and workspace.hessian (9, row-major)
 * @param callParameters  this call's h, 1/h, 1/h², quasistatic, equilibrium, line search and contact (createVbdCallParameters)
 * @param vertex     vertex index i
 * @param positions  #V×3 current positions x [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ the tets are evaluated with: this call's (step passes the animated
 *                   rest shape or VbdControls.tetRestShapeInverse; default model.tetRestShapeInverse)
 */
export const vertexForceHessian: VertexPass<void> = (model, workspace, callParameters, vertex, positions, restShapeInverse = model.tetRestShapeInverse) => {
  const f = workspace.force;
  const H = workspace.hessian;
  f[0] = 0;
  f[1] = 0;
  f[2] = 0;
  for (let k = 0; k < 9; k++) H[k] = 0;
  const start = workspace.dampingReference;
  const inverseTimeStep = callParameters.inverseTimeStep;
  const mass = model.masses[vertex];
  if (callParameters.quasistatic) {
    const o = 3 * vertex;
    f[0] += mass * workspace.accelerations[o];
    f[1] += mass * workspace.accelerations[o + 1];
    f[2] += mass * workspace.accelerations[o + 2];
  } else {
    accumulateInertiaForceHessian(vertex, mass, callParameters.inverseTimeStepSquared, positions, workspace.inertiaTarget, f, H);
  }
  const tets = model.vertexTets;
  const corotated = model.tetEnergy === 'corotated';
  for (let e = model.vertexTetOffsets[vertex], end = model.vertexTetOffsets[vertex + 1]; e < end; e++) {
    const entry = tets[e];
    if (corotated) evaluateCorotatedForceHessian(model, entry >>> 2, entry & 3, positions, start, inverseTimeStep, f, H, restShapeInverse);
    else evaluateNeoHookeanForceHessian(model, entry >>> 2, entry & 3, positions, start, inverseTimeStep, f, H, restShapeInverse);
  }
  const triangles = model.vertexTriangles;
  for (let e = model.vertexTriangleOffsets[vertex], end = model.vertexTriangleOffsets[vertex + 1]; e < end; e++) {
    const entry = triangles[e];
    evaluateStvkTriangleForceHessian(model, entry >>> 2, entry & 3, positions, start, inverseTimeStep, f, H);
  }
  const hinges = model.vertexHinges;
  for (let e = model.vertexHingeOffsets[vertex], end = model.vertexHingeOffsets[vertex + 1]; e < end; e++) {
    const entry = hinges[e];
    evaluateDihedralBendingForceHessian(model, entry >>> 2, entry & 3, positions, start, inverseTimeStep, f, H);
  }
  const springs = model.vertexSprings;
  for (let e = model.vertexSpringOffsets[vertex], end = model.vertexSpringOffsets[vertex + 1]; e < end; e++) {
    const entry = springs[e];
    evaluateSpringForceHessian(model, entry >>> 2, entry & 3, positions, start, inverseTimeStep, f, H);
  }
  accumulateAttachmentForceHessian(
    vertex,
    workspace.attachmentStiffness[vertex],
    workspace.attachmentDamping[vertex] * inverseTimeStep,
    positions,
    workspace.targets,
    start,
    f,
    H,
  );
  if (callParameters.equilibrium) {
    const e = workspace.equilibriumForce;
    f[0] -= e[3 * vertex];
    f[1] -= e[3 * vertex + 1];
    f[2] -= e[3 * vertex + 2];
  }
  const contact = callParameters.contact;
  if (contact !== null) {
    const entries = contact.vertexContacts;
    const color = model.vertexColors[vertex];
    for (let e = contact.vertexContactOffsets[vertex], end = contact.vertexContactOffsets[vertex + 1]; e < end; e++) {
      const entry = entries[e];
      const c = entry >>> 4;
      const slot = (entry >>> 2) & 3;
      const weight = contact.pointWeights[4 * contact.contactPoints[4 * c + slot] + (entry & 3)];
      evaluateContactForceHessian(contact, c, slot, weight, color, model.vertexColors, positions, workspace.positionsStart, callParameters.timeStep, f, H);
    }
  }
};
