// Generated from accumulateInertiaForceHessian.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const accumulateInertiaForceHessianWgsl = `// accumulateInertiaForceHessian.wgsl: WGSL twin of app/solvers/vbd/accumulateInertiaForceHessian.ts (same name and
// argument order, minus positions and inertiaTarget, which are bindings: positions, vertexData INERTIA_TARGET).
//
// Inertia term of a vertex's local variational energy, seed 000 Eqs. 3.1, 3.5, 3.6: G_i ∋ m_i/(2h²)‖x_i − y_i‖²,
// f_i += −(m_i/h²)(x_i − y_i), H_i += (m_i/h²) I, with y the inertia target of Eq. 2.3.

fn accumulateInertiaForceHessian(vertex: u32, mass: f32, inverseTimeStepSquared: f32, acc: ptr<function, ForceHessian>) {
  let k = mass * inverseTimeStepSquared;
  (*acc).force -= k * (position(vertex) - vertexVector(INERTIA_TARGET, vertex));
  addIsotropic(acc, k);
}
`;
