// Generated from restShapeInverses.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const restShapeInversesWgsl = `// restShapeInverses.wgsl: WGSL twin of app/solvers/vbd/restShapeInverses.ts (same name, arguments in the same order:
// tetrahedra = the model's tetVertices section, positions = the substep's targets a(t+h) (vertexData TARGETS, written
// by forwardStep), restInverse = the model's tetRestShapeInverse data section, minStretch and maxStretch from
// callParams, out = the tetRestShapeInverse binding every tet evaluation of the substep reads; the returned clamped
// count is added to counters[1]).
//
// The animated rest shape of one substep (VbdControls.animatedRest, step.ts), per tet:
//   F = D_pose·D_rest⁻¹ (D = [x₁−x₀, x₂−x₀, x₃−x₀], edges as columns),
//   FᵀF = V·diag(λ²)·Vᵀ (symmetricEigen3.wgsl, cyclic Jacobi as the CPU's app/math/mat3/symmetricEigen3),
//   D_ref⁻¹ = D_rest⁻¹·V·diag(1/clamp(λ, minStretch, maxStretch))·Vᵀ (the rotation of the pose dropped).
//
// Precision: f32 throughout (symmetricEigen3.wgsl states its stopping rule). A tet counts as clamped
// when the clamp changed one of its stretches (the CPU allows 1e-12 relative, which f32 cannot tell from equality).
// test/kernels/vbd/restShapeInverses.test.ts states the agreement with the CPU.
//
// Entry point: restShapeInverses, @workgroup_size(64), one invocation per tet.
// Dispatch: ceil(#T/64) workgroups folded by tetGroupsX, once per substep with animatedRest, after forwardStep and
// before elasticForces and the color sweeps.

@compute @workgroup_size(WORKGROUP_SIZE)
fn restShapeInverses(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let tet = groupIndex(group, modelLayout.tetGroupsX) * WORKGROUP_SIZE + local;
  let tetCount = (modelLayout.triangleVertices - modelLayout.tetVertices) / 4u;
  if (tet >= tetCount) {
    return;
  }
  let corners = modelLayout.tetVertices + 4u * tet;
  let o = vertexVector(TARGETS, indices[corners]);
  var d: array<f32, 9>;
  for (var k = 0u; k < 3u; k++) {
    let edge = vertexVector(TARGETS, indices[corners + 1u + k]) - o;
    d[k] = edge.x;
    d[3u + k] = edge.y;
    d[6u + k] = edge.z;
  }
  let rest = modelLayout.tetRestShapeInverse + 9u * tet;
  // F = D · D_rest⁻¹
  var f: array<f32, 9>;
  for (var r = 0u; r < 3u; r++) {
    for (var c = 0u; c < 3u; c++) {
      f[3u * r + c] = d[3u * r] * data[rest + c] + d[3u * r + 1u] * data[rest + 3u + c] + d[3u * r + 2u] * data[rest + 6u + c];
    }
  }
  // C = FᵀF
  var m: array<f32, 9>;
  for (var r = 0u; r < 3u; r++) {
    for (var c = r; c < 3u; c++) {
      let value = f[r] * f[c] + f[3u + r] * f[3u + c] + f[6u + r] * f[6u + c];
      m[3u * r + c] = value;
      m[3u * c + r] = value;
    }
  }
  var v: array<f32, 9>;
  symmetricEigen3(&m, &v);
  var inverseStretch: array<f32, 3>;
  var wasClamped = false;
  for (var i = 0u; i < 3u; i++) {
    let stretch = sqrt(max(m[4u * i], 0.0));
    let limited = min(callParams.maxStretch, max(callParams.minStretch, stretch));
    if (limited != stretch) {
      wasClamped = true;
    }
    inverseStretch[i] = 1.0 / limited;
  }
  if (wasClamped) {
    atomicAdd(&counters[1], 1u);
  }
  // S⁻¹ = V · diag(1/λ) · Vᵀ, then out = D_rest⁻¹ · S⁻¹
  var s: array<f32, 9>;
  for (var r = 0u; r < 3u; r++) {
    for (var c = 0u; c < 3u; c++) {
      s[3u * r + c] = v[3u * r] * inverseStretch[0] * v[3u * c] + v[3u * r + 1u] * inverseStretch[1] * v[3u * c + 1u] + v[3u * r + 2u] * inverseStretch[2] * v[3u * c + 2u];
    }
  }
  for (var r = 0u; r < 3u; r++) {
    for (var c = 0u; c < 3u; c++) {
      tetRestShapeInverse[9u * tet + 3u * r + c] = data[rest + 3u * r] * s[c] + data[rest + 3u * r + 1u] * s[3u + c] + data[rest + 3u * r + 2u] * s[6u + c];
    }
  }
}
`;
