// Generated from solveColor.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const solveColorWgsl = `// solveColor.wgsl: WGSL twin of app/solvers/vbd/solveColor.ts (same name; the color is colorPass, the model,
// workspace and positions are bindings).
//
// One color pass of a VBD iteration (seed 000 Algorithm 1 lines 6-23, §3.1.9): every unpinned vertex of the color
// gathers its elements' (and contacts') forces and Hessians, threadsPerVertex lanes per vertex each taking a share of them, sums
// the lanes in workgroup memory, and lane 0 solves the vertex (solveVertexBlock). No float atomics: every vertex
// gathers what touches it, nothing is scattered.
//
// Entry points: solveColor and commitColor, @workgroup_size(64), WORKGROUP_SIZE / threadsPerVertex vertices per workgroup.
// Dispatch: once per color and iteration, ceil(colorPass.count / (64 / threadsPerVertex)) workgroups folded into
//           (x, y) with x ≤ colorPass.groupsX; vertex k of the color is colorVertices[colorPass.begin + k].
// Bindings: vbdBindings.wgsl (reads indices, data, tetRestShapeInverse, vertexData, contactWords; writes positions
//           of this color's vertices, or with contact their positionsNew, and counters[0]). commitColor, dispatched
//           like solveColor after it when the buffer holds contact, copies positionsNew into positions.

@compute @workgroup_size(WORKGROUP_SIZE)
fn solveColor(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let lane = local % threadsPerVertex;
  let k = groupIndex(group, colorPass.groupsX) * (WORKGROUP_SIZE / threadsPerVertex) + local / threadsPerVertex;
  var vertex = 0u;
  var isActive = false;
  if (k < colorPass.count) {
    vertex = indices[modelLayout.colorVertices + colorPass.begin + k];
    isActive = !isPinned(vertex);
  }
  var acc = zeroForceHessian();
  if (isActive) {
    vertexElementsForceHessian(vertex, lane, threadsPerVertex, callParams.inverseTimeStep, &acc);
    vertexContactForceHessian(vertex, lane, threadsPerVertex, &acc);
  }
  let total = reduceVertexBlock(local, lane, acc);
  if (isActive && lane == 0u) {
    solveVertexBlock(vertex, total);
  }
}

// With contact in the buffer: the color's unpinned vertices take the positions solveColor wrote to positionsNew
// (the CPU's copy back after the color). Same dispatch shape as solveColor; lane 0 of each vertex copies. With no
// contact in the buffer solveVertexBlock wrote the positions themselves, and this does nothing.
@compute @workgroup_size(WORKGROUP_SIZE)
fn commitColor(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let k = groupIndex(group, colorPass.groupsX) * (WORKGROUP_SIZE / threadsPerVertex) + local / threadsPerVertex;
  if (k >= colorPass.count || local % threadsPerVertex != 0u || contactWords[CONTACT_COUNT] == 0u) {
    return;
  }
  let vertex = indices[modelLayout.colorVertices + colorPass.begin + k];
  if (!isPinned(vertex)) {
    setPosition(vertex, newPosition(vertex));
  }
}
`;
