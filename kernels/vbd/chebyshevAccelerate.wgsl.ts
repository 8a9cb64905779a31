// Generated from chebyshevAccelerate.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const chebyshevAccelerateWgsl = `// chebyshevAccelerate.wgsl: WGSL twin of app/solvers/vbd/chebyshevAccelerate.ts (same name; positions, previous,
// previous2, the schedule and pinned are bindings, ρ is callParams.chebyshevRho gated by substepPass.chebyshevActive).
//
// Chebyshev semi-iterative acceleration after a full iteration (seed 000 §3.1.8, Eqs. 3.15-3.16, after Wang 2015),
// x^(n) = ω_n (x̄^(n) − x^(n−2)) + x^(n−2), with the CPU's adaptive restart (ω back to 1 when the Gauss-Seidel change
// ‖x̄^(n) − x^(n−1)‖² grows). The change is a sum over all vertices, so the CPU's one function is three dispatches:
//   chebyshevChange     per vertex: ‖x − x^(n−1)‖² of unpinned vertices, summed per workgroup into
//                       reductions[0 .. vertexGroupCount) (vertexGroupCount workgroups folded by vertexGroupsX);
//   chebyshevSchedule   one workgroup: sums the partials and advances the schedule at reductions[scheduleStart]:
//                       [n, ω_n, last change, has last change] (ρ = 0 while inactive, then n is reset to 0, as
//                       step.ts does during chebyshevDelay);
//   chebyshevAccelerate per vertex: applies ω to unpinned vertices (none when ω = 1) and shifts the history.
// Vertices in contact at any detection of the substep are left alone, as pinned ones (stiff, discontinuous terms;
// seed 000 §3.1.8): markInContact sets their mark after each detection, forwardStep clears it (step.ts's inContact).
//   markInContact   per vertex: inContact |= its contact list is not empty (contactData.wgsl).

fn chebyshevOmega(iteration: f32, rho: f32, previousOmega: f32) -> f32 {
  if (iteration <= 1.0) {
    return 1.0;
  }
  if (iteration == 2.0) {
    return 2.0 / (2.0 - rho * rho);
  }
  return 4.0 / (4.0 - rho * rho * previousOmega);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn chebyshevChange(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let index = groupIndex(group, modelLayout.vertexGroupsX);
  let v = index * WORKGROUP_SIZE + local;
  var change = 0.0;
  if (v < modelLayout.vertexCount && !isPinned(v) && !isInContact(v)) {
    let d = position(v) - vertexVector(CHEBYSHEV_PREVIOUS, v);
    change = dot(d, d);
  }
  let sum = workgroupSum(local, change);
  if (local == 0u) {
    reductions[index] = sum;
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn chebyshevSchedule(@builtin(local_invocation_index) local: u32) {
  let change = sumPartials(local, modelLayout.vertexGroupCount);
  if (local == 0u) {
    let o = modelLayout.scheduleStart;
    var rho = 0.0;
    if (substepPass.chebyshevActive != 0u) {
      rho = callParams.chebyshevRho;
    }
    var iteration = reductions[o] + 1.0;
    if (reductions[o + 3u] != 0.0 && change > reductions[o + 2u]) {
      iteration = 1.0;
    }
    let omega = chebyshevOmega(iteration, rho, reductions[o + 1u]);
    reductions[o] = select(0.0, iteration, substepPass.chebyshevActive != 0u);
    reductions[o + 1u] = omega;
    reductions[o + 2u] = change;
    reductions[o + 3u] = 1.0;
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn chebyshevAccelerate(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let v = groupIndex(group, modelLayout.vertexGroupsX) * WORKGROUP_SIZE + local;
  if (v >= modelLayout.vertexCount) {
    return;
  }
  let omega = reductions[modelLayout.scheduleStart + 1u];
  var x = position(v);
  let previous2 = vertexVector(CHEBYSHEV_PREVIOUS2, v);
  if (omega != 1.0 && !isPinned(v) && !isInContact(v)) {
    x = omega * (x - previous2) + previous2;
    setPosition(v, x);
  }
  setVertexVector(CHEBYSHEV_PREVIOUS2, v, vertexVector(CHEBYSHEV_PREVIOUS, v));
  setVertexVector(CHEBYSHEV_PREVIOUS, v, x);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn markInContact(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let v = groupIndex(group, modelLayout.vertexGroupsX) * WORKGROUP_SIZE + local;
  if (v >= modelLayout.vertexCount || contactWords[CONTACT_COUNT] == 0u) {
    return;
  }
  if (contactWord(CONTACT_VERTEX_OFFSETS, v + 1u) > contactWord(CONTACT_VERTEX_OFFSETS, v)) {
    vertexData[IN_CONTACT * modelLayout.vertexCount + v] = 1.0;
  }
}
`;
