// Generated from forwardStep.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const forwardStepWgsl = `// forwardStep.wgsl: WGSL twin of app/solvers/vbd/forwardStep.ts (same name; positions, velocities,
// previousVelocities and the workspace are bindings, the initialization is callParams.initialization).
//
// Start of a substep (seed 000 Algorithm 1 lines 1-3): the substep's targets a(t) = targetsStart + α (targetsEnd −
// targetsStart) (step.ts's interpolation, α = substepPass.alpha), x^t, the inertia target y = x^t + h v^t + h² a_ext
// (Eq. 2.3), the initial guess (§3.1.7: 0 previous x^t, 1 inertia x^t + h v^t, 2 inertiaAcceleration y, 3 adaptive
// x^t + h v^t + h² ã_s a_ext with ã_s from the previous acceleration projected on â_ext, Eq. 3.14; 4 targetOffset
// x^t + (a(t+h) − a(t)), the offset from the animation kept, even when quasistatic; otherwise always x^t when
// quasistatic), pinned vertices placed on their targets, and the damping reference r = x^t, or with
// callParams.dampRelative r = x^t + (a(t+h) − a(t)) (step.ts: dampers measure the motion relative to the animation;
// a(t) at α_before = substepPass.alphaBefore). With Chebyshev on (callParams.chebyshevRho > 0) it also
// resets the history (x^(n−1) = x^(n−2) = the guess, schedule [0, 1, −, no last change]) as step.ts does there.
//
// Entry point: forwardStep, @workgroup_size(64), one invocation per vertex.
// Dispatch: vertexGroupCount workgroups folded by vertexGroupsX, once per substep.
// Bindings: vbdBindings.wgsl (reads vertexData VELOCITIES, PREVIOUS_VELOCITIES, TARGETS_START, TARGETS_END,
//           ACCELERATIONS, pinned; writes positions, POSITIONS_START, DAMPING_REFERENCE, INERTIA_TARGET, TARGETS, the
//           Chebyshev history, and clears IN_CONTACT).

@compute @workgroup_size(WORKGROUP_SIZE)
fn forwardStep(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let v = groupIndex(group, modelLayout.vertexGroupsX) * WORKGROUP_SIZE + local;
  if (v == 0u && callParams.chebyshevRho > 0.0) {
    let o = modelLayout.scheduleStart;
    reductions[o] = 0.0;
    reductions[o + 1u] = 1.0;
    reductions[o + 2u] = 0.0;
    reductions[o + 3u] = 0.0;
  }
  if (v >= modelLayout.vertexCount) {
    return;
  }
  let targetStart = vertexVector(TARGETS_START, v);
  let targetEnd = vertexVector(TARGETS_END, v);
  let targetValue = targetStart + substepPass.alpha * (targetEnd - targetStart);
  let targetBefore = targetStart + substepPass.alphaBefore * (targetEnd - targetStart);
  setVertexVector(TARGETS, v, targetValue);

  let h = callParams.timeStep;
  let x0 = position(v);
  let velocity = vertexVector(VELOCITIES, v);
  let a = vertexVector(ACCELERATIONS, v);
  setVertexVector(POSITIONS_START, v, x0);
  let offsetStart = x0 + (targetValue - targetBefore);
  if (callParams.dampRelative != 0u) {
    setVertexVector(DAMPING_REFERENCE, v, offsetStart);
  } else {
    setVertexVector(DAMPING_REFERENCE, v, x0);
  }
  let y = x0 + h * velocity + h * h * a;
  setVertexVector(INERTIA_TARGET, v, y);
  var x = x0;
  let initialization = callParams.initialization;
  if (isPinned(v)) {
    x = targetValue;
  } else if (initialization == 4u) {
    x = offsetStart;
  } else if (callParams.quasistatic != 0u || initialization == 0u) {
    x = x0;
  } else if (initialization == 2u) {
    x = y;
  } else {
    var scale = 0.0;
    if (initialization == 3u) {
      let norm = sqrt(dot(a, a));
      if (norm > 0.0) {
        let along = dot(velocity - vertexVector(PREVIOUS_VELOCITIES, v), a) / (h * norm);
        if (along > norm) {
          scale = 1.0;
        } else if (along < 0.0) {
          scale = 0.0;
        } else {
          scale = along / norm;
        }
      }
    }
    x = x0 + h * velocity + h * h * scale * a;
  }
  setPosition(v, x);
  if (callParams.chebyshevRho > 0.0) {
    setVertexVector(CHEBYSHEV_PREVIOUS, v, x);
    setVertexVector(CHEBYSHEV_PREVIOUS2, v, x);
  }
  // a new substep: no vertex has been in contact yet (step.ts clears inContact; markInContact sets it)
  vertexData[IN_CONTACT * modelLayout.vertexCount + v] = 0.0;
}
`;
