// Generated from updateVelocities.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const updateVelocitiesWgsl = `// updateVelocities.wgsl: the end of a substep in app/solvers/vbd/step.ts (an inline loop there, a kernel here):
// first the max-distance clamp (step.ts clampToTargets: x ← a + (x − a)·min(1, m/‖x − a‖) where a limit is set),
// then v^{t−1} ← v^t, v^{t+1} = (x − x^t)/h (seed 000 Eq. 3.3); quasistatic steps set both velocities to zero.
//
// Entry point: updateVelocities, @workgroup_size(64), one invocation per vertex.
// Dispatch: vertexGroupCount workgroups folded by vertexGroupsX, once per substep.
// Bindings: vbdBindings.wgsl (reads positions, vertexData POSITIONS_START; writes VELOCITIES, PREVIOUS_VELOCITIES).

@compute @workgroup_size(WORKGROUP_SIZE)
fn updateVelocities(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let v = groupIndex(group, modelLayout.vertexGroupsX) * WORKGROUP_SIZE + local;
  if (v >= modelLayout.vertexCount) {
    return;
  }
  let limit = maxDistance(v);
  if (limit >= 0.0) {
    let goal = vertexVector(TARGETS, v);
    let offset = position(v) - goal;
    let length = sqrt(dot(offset, offset));
    if (length > limit) {
      setPosition(v, goal + offset * (limit / length));
    }
  }
  if (callParams.quasistatic != 0u) {
    setVertexVector(VELOCITIES, v, vec3f(0.0));
    setVertexVector(PREVIOUS_VELOCITIES, v, vec3f(0.0));
    return;
  }
  setVertexVector(PREVIOUS_VELOCITIES, v, vertexVector(VELOCITIES, v));
  setVertexVector(VELOCITIES, v, (position(v) - vertexVector(POSITIONS_START, v)) * callParams.inverseTimeStep);
}
`;
