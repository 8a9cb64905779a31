// Generated from evaluateSpringForceHessian.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const evaluateSpringForceHessianWgsl = `// evaluateSpringForceHessian.wgsl: WGSL twin of app/solvers/vbd/evaluateSpringForceHessian.ts (same name;
// arguments in the same order, minus the model, positions and positionsStart, which are bindings).
//
// Force and 3×3 Hessian block of one linear spring E = k/2 (l − l₀)² with respect to one end, plus axial damping:
// f_i = −k (l − l₀) d̂ − (k_d/h) k dl d̂, H_ii = k [d̂d̂ᵀ + max(0, 1 − l₀/l)(I − d̂d̂ᵀ)] + (k_d/h) k d̂d̂ᵀ; a spring
// shorter than 1e-12 l₀ adds k·I and no force (seed 000 §3.3; the CPU header derives it).

// H += isotropic·I + axial·n̂n̂ᵀ
fn addAxialBlock(acc: ptr<function, ForceHessian>, isotropic: f32, axial: f32, n: vec3f) {
  let an = axial * n;
  mat3AddSymmetric(acc, isotropic + an.x * n.x, an.x * n.y, an.x * n.z, isotropic + an.y * n.y, an.y * n.z, isotropic + axial * n.z * n.z);
}

fn evaluateSpringForceHessian(spring: u32, localVertex: u32, inverseTimeStep: f32, acc: ptr<function, ForceHessian>) {
  let s2 = modelLayout.springVertices + 2u * spring;
  let i = indices[s2 + localVertex];
  let j = indices[s2 + 1u - localVertex];
  let difference = position(i) - position(j);
  let springLength = sqrt(dot(difference, difference));
  let restLength = data[modelLayout.springRestLengths + spring];
  let k = data[modelLayout.springStiffness + spring];
  if (!(springLength > 1e-12 * restLength)) {
    addIsotropic(acc, k);
    return;
  }
  let n = difference / springLength;
  (*acc).force -= k * (springLength - restLength) * n;
  var transverse = 0.0;
  if (springLength > restLength) {
    transverse = k * (1.0 - restLength / springLength);
  }
  addAxialBlock(acc, transverse, k - transverse, n);

  let damping = data[modelLayout.springDamping + spring];
  if (damping > 0.0 && inverseTimeStep > 0.0) {
    let rate = dot(n, difference - (vertexVector(DAMPING_REFERENCE, i) - vertexVector(DAMPING_REFERENCE, j)));
    let kh = damping * inverseTimeStep * k;
    (*acc).force -= kh * rate * n;
    addAxialBlock(acc, 0.0, kh, n);
  }
}
`;
