// Generated from evaluateStvkTriangleForceHessian.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const evaluateStvkTriangleForceHessianWgsl = `// evaluateStvkTriangleForceHessian.wgsl: WGSL twin of app/solvers/vbd/evaluateStvkTriangleForceHessian.ts (same
// name; arguments in the same order, minus the model, positions and positionsStart, which are bindings).
//
// Force and 3×3 Hessian block of one StVK membrane triangle (seed 000 Table 3.1, cloth) with respect to one of its
// vertices, plus its Green-strain-rate damping. F = D_s D_m⁻¹ is 3×2 with columns u, v; G = ½(FᵀF − I),
// S = 2μG + λ tr(G) I, f_i = −A F S m_i, H_ii = A [max(0, m_iᵀ S m_i) I + μ|m_i|² FFᵀ + (μ+λ)(F m_i)(F m_i)ᵀ] (the
// clamp keeps H_ii PSD under compression; the CPU header explains it).

fn evaluateStvkTriangleForceHessian(triangle: u32, localVertex: u32, inverseTimeStep: f32, acc: ptr<function, ForceHessian>) {
  let t3 = modelLayout.triangleVertices + 3u * triangle;
  let a = indices[t3];
  let b = indices[t3 + 1u];
  let c = indices[t3 + 2u];
  let xa = position(a);
  let d0 = position(b) - xa;
  let d1 = position(c) - xa;
  let t4 = modelLayout.triangleRestShapeInverse + 4u * triangle;
  let b00 = data[t4];
  let b01 = data[t4 + 1u];
  let b10 = data[t4 + 2u];
  let b11 = data[t4 + 3u];
  let u = d0 * b00 + d1 * b10;
  let v = d0 * b01 + d1 * b11;
  var m0: f32;
  var m1: f32;
  if (localVertex == 0u) {
    m0 = -(b00 + b10);
    m1 = -(b01 + b11);
  } else if (localVertex == 1u) {
    m0 = b00;
    m1 = b01;
  } else {
    m0 = b10;
    m1 = b11;
  }
  let mu = data[modelLayout.triangleMu + triangle];
  let lambda = data[modelLayout.triangleLambda + triangle];
  let area = data[modelLayout.triangleRestAreas + triangle];
  let g00 = 0.5 * (dot(u, u) - 1.0);
  let g11 = 0.5 * (dot(v, v) - 1.0);
  let g01 = 0.5 * dot(u, v);
  let trace = g00 + g11;
  let s00 = 2.0 * mu * g00 + lambda * trace;
  let s11 = 2.0 * mu * g11 + lambda * trace;
  let s01 = 2.0 * mu * g01;
  let sm0 = s00 * m0 + s01 * m1;
  let sm1 = s01 * m0 + s11 * m1;
  (*acc).force -= area * (u * sm0 + v * sm1);

  let fm = u * m0 + v * m1;
  let mm = m0 * m0 + m1 * m1;
  let msm = m0 * sm0 + m1 * sm1;
  let diagonal = area * max(msm, 0.0);
  let ffDiagonal = u * u + v * v;
  let ff01 = u.x * u.y + v.x * v.y;
  let ff02 = u.x * u.z + v.x * v.z;
  let ff12 = u.y * u.z + v.y * v.z;
  var q = area * mu * mm;
  var r = area * (mu + lambda);
  mat3AddSymmetric(acc, diagonal + q * ffDiagonal.x + r * fm.x * fm.x, q * ff01 + r * fm.x * fm.y, q * ff02 + r * fm.x * fm.z, diagonal + q * ffDiagonal.y + r * fm.y * fm.y, q * ff12 + r * fm.y * fm.z, diagonal + q * ffDiagonal.z + r * fm.z * fm.z);

  let damping = data[modelLayout.triangleDamping + triangle];
  if (damping > 0.0 && inverseTimeStep > 0.0) {
    let pa = vertexVector(DAMPING_REFERENCE, a);
    let e0 = vertexVector(DAMPING_REFERENCE, b) - pa;
    let e1 = vertexVector(DAMPING_REFERENCE, c) - pa;
    // columns of dF = F − F^t
    let du = u - (e0 * b00 + e1 * b10);
    let dv = v - (e0 * b01 + e1 * b11);
    let a00 = dot(u, du);
    let a11 = dot(v, dv);
    let a01 = 0.5 * (dot(u, dv) + dot(v, du));
    let kh = damping * inverseTimeStep;
    let rateTrace = a00 + a11;
    let r00 = kh * (2.0 * mu * a00 + lambda * rateTrace);
    let r11 = kh * (2.0 * mu * a11 + lambda * rateTrace);
    let r01 = kh * 2.0 * mu * a01;
    let dm0 = r00 * m0 + r01 * m1;
    let dm1 = r01 * m0 + r11 * m1;
    (*acc).force -= area * (u * dm0 + v * dm1);
    q = q * kh;
    r = r * kh;
    mat3AddSymmetric(acc, q * ffDiagonal.x + r * fm.x * fm.x, q * ff01 + r * fm.x * fm.y, q * ff02 + r * fm.x * fm.z, q * ffDiagonal.y + r * fm.y * fm.y, q * ff12 + r * fm.y * fm.z, q * ffDiagonal.z + r * fm.z * fm.z);
  }
}
`;
