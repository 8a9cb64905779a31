import { contactEnergy } from './contactEnergy.ts';
import { dihedralBendingEnergy } from './evaluateDihedralBendingForceHessian.ts';
import { springEnergy } from './evaluateSpringForceHessian.ts';
import { stvkTriangleEnergy } from './evaluateStvkTriangleForceHessian.ts';
import { tetElasticEnergy } from './tetElasticEnergy.ts';
import type { VertexPass } from './vertexPass.ts';
import { vertexUnaryEnergy } from './vertexUnaryEnergy.ts';

/**
 * The local variational energy of seed 000 Eq. 3.1, G_i(x) = m_i/(2h²)‖x_i − y_i‖² + Σ_{j∈F_i} E_j(x), plus the
 * vertex's attachment k_i/2‖x_i − a_i‖² (quasistatic: −m_i a_ext·x_i instead of inertia). Changing x_i alone changes
 * G by exactly the change of G_i (§3.1.1), which is what the optional local line search checks. Damping is not a
 * potential here and is left out; every contact in the vertex's own list adds its energy once (contactEnergy: OGC's
 * activation and the lagged friction potential), so the line search sees the contact it solves against.
 *
 * @param model      the VBD model
 * @param workspace  substep buffers (inertia target, targets, attachment stiffness)
 * @param callParameters  this call's h, 1/h, 1/h², quasistatic, equilibrium, line search and contact (createVbdCallParameters)
 * @param vertex     vertex index i
 * @param positions  #V×3 positions [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ the tets are evaluated with: this call's (step passes the animated
 *                   rest shape or VbdControls.tetRestShapeInverse; default model.tetRestShapeInverse)
 * @returns G_i [J]
 */
export const vertexLocalEnergy: VertexPass<number> = (model, workspace, callParameters, vertex, positions, restShapeInverse = model.tetRestShapeInverse) => {
  let energy = vertexUnaryEnergy(model, workspace, callParameters, vertex, positions);
  for (let e = model.vertexTetOffsets[vertex]; e < model.vertexTetOffsets[vertex + 1]; e++)
    energy += tetElasticEnergy(model, model.vertexTets[e] >>> 2, positions, restShapeInverse);
  for (let e = model.vertexTriangleOffsets[vertex]; e < model.vertexTriangleOffsets[vertex + 1]; e++)
    energy += stvkTriangleEnergy(model, model.vertexTriangles[e] >>> 2, positions);
  for (let e = model.vertexHingeOffsets[vertex]; e < model.vertexHingeOffsets[vertex + 1]; e++)
    energy += dihedralBendingEnergy(model, model.vertexHinges[e] >>> 2, positions);
  for (let e = model.vertexSpringOffsets[vertex]; e < model.vertexSpringOffsets[vertex + 1]; e++)
    energy += springEnergy(model, model.vertexSprings[e] >>> 2, positions);
  const contact = callParameters.contact;
  if (contact !== null) {
    // A vertex's entries of one contact are adjacent in its list (one per slot and corner it holds): count it once.
    let previous = -1;
    for (let e = contact.vertexContactOffsets[vertex]; e < contact.vertexContactOffsets[vertex + 1]; e++) {
      const c = contact.vertexContacts[e] >>> 4;
      if (c === previous) continue;
      previous = c;
      energy += contactEnergy(contact, c, positions, workspace.positionsStart, callParameters.timeStep);
    }
  }
  return energy;
};
