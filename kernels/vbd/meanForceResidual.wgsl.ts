// Generated from meanForceResidual.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const meanForceResidualWgsl = `// meanForceResidual.wgsl: WGSL twin of app/solvers/vbd/meanForceResidual.ts (same name; model, workspace and
// positions are bindings).
//
// Σ_v ‖f_v‖ over unpinned vertices, f_v the full −∂G/∂x_v of Eqs. 3.5/3.8: the numerator (and, at the start of a
// substep, the denominator) of the relative force residual of seed 000 Eq. 5.28. The host divides: the count of
// unpinned vertices cancels in the relative residual and is known on the host for the mean. Two dispatches:
//   meanForceResidual  per vertex block (threadsPerVertex lanes gather, as solveColor): ‖f_v‖ summed per workgroup
//                      into reductions[0 .. blockGroupCount) (blockGroupCount workgroups folded by blockGroupsX);
//   sumResidual        one workgroup: sums the partials into reductions[resultsStart + substepPass.residualSlot].
// Nothing is read back inside a frame: the stepper collects the slots when the state is read.

@compute @workgroup_size(WORKGROUP_SIZE)
fn meanForceResidual(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let lane = local % threadsPerVertex;
  let index = groupIndex(group, modelLayout.blockGroupsX);
  let vertex = index * (WORKGROUP_SIZE / threadsPerVertex) + local / threadsPerVertex;
  let isActive = vertex < modelLayout.vertexCount && !isPinned(vertex);
  var acc = zeroForceHessian();
  if (isActive) {
    vertexElementsForceHessian(vertex, lane, threadsPerVertex, callParams.inverseTimeStep, &acc);
    vertexContactForceHessian(vertex, lane, threadsPerVertex, &acc);
  }
  var total = reduceVertexBlock(local, lane, acc);
  var norm = 0.0;
  if (isActive && lane == 0u) {
    vertexUnaryForceHessian(vertex, &total);
    norm = sqrt(dot(total.force, total.force));
  }
  let sum = workgroupSum(local, norm);
  if (local == 0u) {
    reductions[index] = sum;
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn sumResidual(@builtin(local_invocation_index) local: u32) {
  let sum = sumPartials(local, modelLayout.blockGroupCount);
  if (local == 0u) {
    reductions[modelLayout.resultsStart + substepPass.residualSlot] = sum;
  }
}
`;
