// Generated from accumulateAttachmentForceHessian.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const accumulateAttachmentForceHessianWgsl = `// accumulateAttachmentForceHessian.wgsl: WGSL twin of app/solvers/vbd/accumulateAttachmentForceHessian.ts (same
// name and argument order, minus positions, targets and the damping reference, which are bindings: positions,
// vertexData TARGETS and DAMPING_REFERENCE).
//
// Implicit blending force toward the animation (Li 2019 ch. 4, eq. 4.11; seed 000 Eqs. 3.5, 3.6) with its damper:
// the attachment energy k_i/2 ‖x_i − a_i(t)‖² adds f_i += −k_i (x_i − a_i), H_i += k_i I, and the dashpot c_i on the
// motion relative to the damping reference r_i (seed 000 Eq. 3.8) adds f_i += −(c_i/h)(x_i − r_i), H_i += (c_i/h) I.
// k_i and c_i are read from the per-vertex attachmentStiffness and attachmentDamping sections, which the host fills
// as the CPU's prepareVertexTerms does (blendStiffness; c_i = β k_i + α m_i).

fn accumulateAttachmentForceHessian(vertex: u32, stiffness: f32, dampingOverStep: f32, acc: ptr<function, ForceHessian>) {
  let x = position(vertex);
  if (stiffness != 0.0) {
    (*acc).force -= stiffness * (x - vertexVector(TARGETS, vertex));
  }
  if (dampingOverStep != 0.0) {
    (*acc).force -= dampingOverStep * (x - vertexVector(DAMPING_REFERENCE, vertex));
  }
  addIsotropic(acc, stiffness + dampingOverStep);
}
`;
