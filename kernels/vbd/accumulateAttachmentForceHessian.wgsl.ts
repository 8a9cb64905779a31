// Generated from accumulateAttachmentForceHessian.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/wgslModules.test.ts checks they agree).
export const accumulateAttachmentForceHessianWgsl = `// accumulateAttachmentForceHessian.wgsl: WGSL twin of app/solvers/vbd/accumulateAttachmentForceHessian.ts (same
// name and argument order, minus positions and targets, which are bindings: positions, vertexData TARGETS).
//
// Implicit blending force toward the animation (Li 2019 ch. 4, eq. 4.11; seed 000 Eqs. 3.5, 3.6): the attachment
// energy k_i/2 ‖x_i − a_i(t)‖² adds f_i += −k_i (x_i − a_i), H_i += k_i I. k_i is read from the per-vertex
// attachmentStiffness section, which the host fills from the CPU's blendStiffness (app/solvers/vbd/blendStiffness.ts),
// so a change of how k_i is derived from the painted weight needs no WGSL change.

fn accumulateAttachmentForceHessian(vertex: u32, stiffness: f32, acc: ptr<function, ForceHessian>) {
  if (stiffness == 0.0) {
    return;
  }
  (*acc).force -= stiffness * (position(vertex) - vertexVector(TARGETS, vertex));
  addIsotropic(acc, stiffness);
}
`;
