// vertexForceHessian.wgsl: WGSL twin of app/solvers/vbd/vertexForceHessian.ts, split the way the GPU reduces it.
//
// Total force f_i and 3×3 Hessian H_i of vertex i's local variational energy G_i (seed 000 Eqs. 3.1, 3.5-3.8):
// - vertexElementsForceHessian: one lane's share of the vertex's adjacent elements (tets, triangles, hinges,
//   springs, in the CPU's order, lane k taking entries k, k + lanes, …); the lanes are then summed in workgroup
//   memory (reduceVertexBlock, the Gaia/Newton block per vertex). With one lane it is the CPU's loop. Dampers
//   measure from DAMPING_REFERENCE; inverseTimeStep 0 leaves them out (elasticForces).
// - vertexUnaryForceHessian: what lane 0 adds once: inertia (or, quasistatic, the external force m_i a_ext), the
//   blending attachment and its dashpot, and minus the elastic force at the targets when they are the equilibrium
//   (callParams.equilibrium, EQUILIBRIUM_FORCE from elasticForces.wgsl).
// - vertexContactForceHessian (evaluateContactForceHessian.wgsl): the vertex's contact list, spread over the lanes
//   like the elements. solveColor, the debug entry point and meanForceResidual all gather it (contact made by
//   ogcContact, detected and bounded on the GPU; the stepper refuses another VbdContact).
// - entry point vertexForceHessian (tests and debugging): writes every vertex's f_i (3), row-major H_i (9) and the
//   number of elements and contact entries gathered (1) to reductions[debugStart + 13 i]. Dispatch: blockGroupCount workgroups folded
//   by blockGroupsX; the stepper must be created with debug outputs.

fn vertexElementsForceHessian(vertex: u32, lane: u32, lanes: u32, inverseTimeStep: f32, acc: ptr<function, ForceHessian>) {
  let tetBegin = indices[modelLayout.vertexTetOffsets + vertex];
  let tetCount = indices[modelLayout.vertexTetOffsets + vertex + 1u] - tetBegin;
  let triangleBegin = indices[modelLayout.vertexTriangleOffsets + vertex];
  let triangleCount = indices[modelLayout.vertexTriangleOffsets + vertex + 1u] - triangleBegin;
  let hingeBegin = indices[modelLayout.vertexHingeOffsets + vertex];
  let hingeCount = indices[modelLayout.vertexHingeOffsets + vertex + 1u] - hingeBegin;
  let springBegin = indices[modelLayout.vertexSpringOffsets + vertex];
  let springCount = indices[modelLayout.vertexSpringOffsets + vertex + 1u] - springBegin;
  let triangleEnd = tetCount + triangleCount;
  let hingeEnd = triangleEnd + hingeCount;
  let total = hingeEnd + springCount;
  for (var k = lane; k < total; k += lanes) {
    // A kind the model lacks has no entries (its count is 0), so its has* override only prunes dead code.
    if (hasTets && k < tetCount) {
      let entry = indices[modelLayout.vertexTets + tetBegin + k];
      evaluateNeoHookeanForceHessian(entry >> 2u, entry & 3u, inverseTimeStep, acc);
    } else if (hasTriangles && k < triangleEnd) {
      let entry = indices[modelLayout.vertexTriangles + triangleBegin + k - tetCount];
      evaluateStvkTriangleForceHessian(entry >> 2u, entry & 3u, inverseTimeStep, acc);
    } else if (hasHinges && k < hingeEnd) {
      let entry = indices[modelLayout.vertexHinges + hingeBegin + k - triangleEnd];
      evaluateDihedralBendingForceHessian(entry >> 2u, entry & 3u, inverseTimeStep, acc);
    } else if (hasSprings) {
      let entry = indices[modelLayout.vertexSprings + springBegin + k - hingeEnd];
      evaluateSpringForceHessian(entry >> 2u, entry & 3u, inverseTimeStep, acc);
    }
    (*acc).count += 1.0;
  }
}

fn vertexUnaryForceHessian(vertex: u32, acc: ptr<function, ForceHessian>) {
  let mass = data[modelLayout.masses + vertex];
  if (callParams.quasistatic != 0u) {
    (*acc).force += mass * vertexVector(ACCELERATIONS, vertex);
  } else {
    accumulateInertiaForceHessian(vertex, mass, callParams.inverseTimeStepSquared, acc);
  }
  accumulateAttachmentForceHessian(vertex, attachmentStiffness(vertex), attachmentDamping(vertex) * callParams.inverseTimeStep, acc);
  if (callParams.equilibrium != 0u) {
    (*acc).force -= vertexVector(EQUILIBRIUM_FORCE, vertex);
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn vertexForceHessian(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let lane = local % threadsPerVertex;
  let vertex = groupIndex(group, modelLayout.blockGroupsX) * (WORKGROUP_SIZE / threadsPerVertex) + local / threadsPerVertex;
  let isActive = vertex < modelLayout.vertexCount;
  var acc = zeroForceHessian();
  if (isActive) {
    vertexElementsForceHessian(vertex, lane, threadsPerVertex, callParams.inverseTimeStep, &acc);
    vertexContactForceHessian(vertex, lane, threadsPerVertex, &acc);
  }
  var total = reduceVertexBlock(local, lane, acc);
  if (isActive && lane == 0u) {
    vertexUnaryForceHessian(vertex, &total);
    let o = modelLayout.debugStart + 13u * vertex;
    reductions[o] = total.force.x;
    reductions[o + 1u] = total.force.y;
    reductions[o + 2u] = total.force.z;
    reductions[o + 3u] = total.diagonal.x;
    reductions[o + 4u] = total.offDiagonal.x;
    reductions[o + 5u] = total.offDiagonal.y;
    reductions[o + 6u] = total.offDiagonal.x;
    reductions[o + 7u] = total.diagonal.y;
    reductions[o + 8u] = total.offDiagonal.z;
    reductions[o + 9u] = total.offDiagonal.y;
    reductions[o + 10u] = total.offDiagonal.z;
    reductions[o + 11u] = total.diagonal.z;
    reductions[o + 12u] = total.count;
  }
}
