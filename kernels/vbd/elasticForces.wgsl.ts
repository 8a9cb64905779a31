// Generated from elasticForces.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const elasticForcesWgsl = `// elasticForces.wgsl: WGSL twin of app/solvers/vbd/elasticForces.ts (same name; the positions it evaluates at are
// the substep's targets, read through position() while substepPass.atTargets is 1; the output is the vertexData
// section EQUILIBRIUM_FORCE).
//
// Per-vertex elastic forces f_i = −∂E/∂x_i of every adjacent element at the animated targets ā, without damping
// (seed 000 Eq. 3.5's element terms; inverseTimeStep 0): for \`equilibriumAtTargets\`, vertexUnaryForceHessian then
// subtracts them, E′(x) = E(x) − ∇E(ā)·x, so ā is an exact equilibrium while the stiffness is the material's. Tets
// use this call's tetRestShapeInverse (the animated rest shape), as on the CPU. Pinned vertices get 0.
//
// Entry point: elasticForces, @workgroup_size(64), a block of threadsPerVertex lanes per vertex (the gather of
// vertexElementsForceHessian, reduced in workgroup memory), once per substep after forwardStep has written TARGETS.
// Dispatch: blockGroupCount workgroups folded by blockGroupsX, with a substepPass slot whose atTargets is 1.

@compute @workgroup_size(WORKGROUP_SIZE)
fn elasticForces(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let lane = local % threadsPerVertex;
  let vertex = groupIndex(group, modelLayout.blockGroupsX) * (WORKGROUP_SIZE / threadsPerVertex) + local / threadsPerVertex;
  let isActive = vertex < modelLayout.vertexCount;
  var acc = zeroForceHessian();
  if (isActive && !isPinned(vertex)) {
    vertexElementsForceHessian(vertex, lane, threadsPerVertex, 0.0, &acc);
  }
  let total = reduceVertexBlock(local, lane, acc);
  if (isActive && lane == 0u) {
    setVertexVector(EQUILIBRIUM_FORCE, vertex, total.force);
  }
}
`;
