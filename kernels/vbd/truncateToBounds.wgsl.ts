// Generated from truncateToBounds.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const truncateToBoundsWgsl = `// truncateToBounds.wgsl: WGSL twin of app/contact/truncateToBounds.ts (same name; the bounds and the vertex → point
// lists are in the contact binding, contactData.wgsl; the detection state in vertexData; the count in counters[2]).
//
// OGC's truncation (seed 000 Eq. 5.27, per surface point with Eq. 5.20's bound γ_p·d_s): every free vertex's
// displacement δ_v since the detection, relative to its animated target's (x − (x_det + a_now − a_det)), is cut so
// that no surface point moves farther than its bound: a point whose Σ_k |w_k|·|δ_k| exceeds γ_p·d_s cuts its
// most-moved vertices to the water level L (waterLevel.wgsl), and each vertex keeps the smallest cut of the points it
// carries. The CPU scatters each point's cut to its vertices (a minimum); here each vertex gathers: it recomputes the
// level of every point in its list (contactWords' vertexPoints, entries point·4 + corner) and keeps the smallest
// L/|δ_v| where |δ_v| > L. The same minimum of the same numbers, no atomics on floats.
//
// Entry points, one invocation per vertex, vertexGroupCount workgroups folded by vertexGroupsX:
//   truncationMoved  |δ_v| into vertexData's truncationMoved section (0 for pinned or unbounded vertices);
//   truncateToBounds the cut, applied to positions, and the truncated vertices counted in counters[2].

fn detectionBase(v: u32) -> vec3f {
  return vertexVector(POSITIONS_AT_DETECTION, v) + vertexVector(TARGETS, v) - vertexVector(TARGETS_AT_DETECTION, v);
}

fn truncationMovedOf(v: u32) -> f32 {
  return vertexData[TRUNCATION_MOVED * modelLayout.vertexCount + v];
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn truncationMoved(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let v = groupIndex(group, modelLayout.vertexGroupsX) * WORKGROUP_SIZE + local;
  if (v >= modelLayout.vertexCount) {
    return;
  }
  var moved = 0.0;
  if (contactWord(CONTACT_VERTEX_BOUNDED, v) != 0u && !isPinned(v)) {
    moved = length(position(v) - detectionBase(v));
  }
  vertexData[TRUNCATION_MOVED * modelLayout.vertexCount + v] = moved;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn truncateToBounds(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let v = groupIndex(group, modelLayout.vertexGroupsX) * WORKGROUP_SIZE + local;
  if (v >= modelLayout.vertexCount) {
    return;
  }
  let own = truncationMovedOf(v);
  if (!(own > 0.0)) {
    return;
  }
  var scale = 1.0;
  let begin = contactWord(CONTACT_VERTEX_POINT_OFFSETS, v);
  let end = contactWord(CONTACT_VERTEX_POINT_OFFSETS, v + 1u);
  for (var e = begin; e < end; e++) {
    let entry = contactWord(CONTACT_VERTEX_POINTS, e);
    let s = entry >> 2u;
    let limit = contactFloat(CONTACT_POINT_LIMITS, s);
    if (limit < 0.0) {
      continue;
    }
    var shares = vec4f(0.0);
    var moved = vec4f(0.0);
    var sum = 0.0;
    for (var k = 0u; k < 4u; k++) {
      let w = abs(contactFloat(CONTACT_POINT_WEIGHTS, 4u * s + k));
      shares[k] = w;
      if (w != 0.0) {
        moved[k] = truncationMovedOf(contactWord(CONTACT_POINT_VERTICES, 4u * s + k));
      }
      sum += w * moved[k];
    }
    if (sum <= limit) {
      continue;
    }
    let level = waterLevel(shares, moved, limit);
    if (own > level) {
      scale = min(scale, level / own);
    }
  }
  if (scale < 1.0) {
    let base = detectionBase(v);
    setPosition(v, base + scale * (position(v) - base));
    atomicAdd(&counters[2], 1u);
  }
}

// The detection state the truncation measures from (ogcContact's positionsAtDetection and targetsAtDetection), set
// with each detection of the step's orchestration (createGpuVbdStepper with contact):
//   detectionStateAtStart  a substep's detection: x^t (POSITIONS_START) and the targets at the substep's start
//                          (α_before of the substep slot);
//   detectionStateNow      a re-detection: x and the targets now, where the detection's gate opened (contactData's
//                          CONTACT_GATE_OPEN; dispatched after every iteration's gated detection).
@compute @workgroup_size(WORKGROUP_SIZE)
fn detectionStateAtStart(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let v = groupIndex(group, modelLayout.vertexGroupsX) * WORKGROUP_SIZE + local;
  if (v >= modelLayout.vertexCount) {
    return;
  }
  let start = vertexVector(TARGETS_START, v);
  setVertexVector(POSITIONS_AT_DETECTION, v, vertexVector(POSITIONS_START, v));
  setVertexVector(TARGETS_AT_DETECTION, v, start + substepPass.alphaBefore * (vertexVector(TARGETS_END, v) - start));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn detectionStateNow(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  // only after a re-detection that ran (the detection's gate opened): dispatched every iteration
  if (contactWords[CONTACT_GATE_OPEN] == 0u) {
    return;
  }
  let v = groupIndex(group, modelLayout.vertexGroupsX) * WORKGROUP_SIZE + local;
  if (v >= modelLayout.vertexCount) {
    return;
  }
  setVertexVector(POSITIONS_AT_DETECTION, v, position(v));
  setVertexVector(TARGETS_AT_DETECTION, v, vertexVector(TARGETS, v));
}
`;
