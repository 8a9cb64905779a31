// Generated from evaluateNeoHookeanForceHessian.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const evaluateNeoHookeanForceHessianWgsl = `// evaluateNeoHookeanForceHessian.wgsl: WGSL twin of app/solvers/vbd/evaluateNeoHookeanForceHessian.ts (same name;
// arguments in the same order, minus the model, positions, positionsStart and restShapeInverse, which are the
// bindings of vbdBindings.wgsl: data, positions, vertexData section DAMPING_REFERENCE, tetRestShapeInverse).
//
// Force and 3×3 Hessian block of one stable Neo-Hookean tetrahedron (Smith, de Goes, Kim 2018, as VBD uses it:
// seed 000 ch. 3, Table 3.1) with respect to one of its vertices, plus its Green-strain-rate damping; accumulated into the
// vertex's (f_i, H_i) of seed 000 Eqs. 3.5-3.8. F = D_s D_m⁻¹ with this call's D_m⁻¹ (the animated rest shape),
//   P = μF + λ'(J − α) cof F,  f_i = −V P m_i,  H_ii = V [μ|m_i|² I + λ'(cof F m_i)(cof F m_i)ᵀ],
// damping S_d = (k_d/h)(2μ Ė + λ tr Ė I), Ė = sym(Fᵀ(F − F^t)), f_d = −V F S_d m, H_d = (k_d/h) V [μ|m|² FFᵀ +
// (μ+λ)(Fm)(Fm)ᵀ]. The CPU header derives each term; this is the same arithmetic in f32.

fn evaluateNeoHookeanForceHessian(tet: u32, localVertex: u32, inverseTimeStep: f32, acc: ptr<function, ForceHessian>) {
  let t4 = modelLayout.tetVertices + 4u * tet;
  let a = indices[t4];
  let b = indices[t4 + 1u];
  let c = indices[t4 + 2u];
  let d = indices[t4 + 3u];
  let xa = position(a);
  let d0 = position(b) - xa;
  let d1 = position(c) - xa;
  let d2 = position(d) - xa;
  let t9 = 9u * tet;
  // rows of the row-major D_m⁻¹ = B
  let r0 = vec3f(tetRestShapeInverse[t9], tetRestShapeInverse[t9 + 1u], tetRestShapeInverse[t9 + 2u]);
  let r1 = vec3f(tetRestShapeInverse[t9 + 3u], tetRestShapeInverse[t9 + 4u], tetRestShapeInverse[t9 + 5u]);
  let r2 = vec3f(tetRestShapeInverse[t9 + 6u], tetRestShapeInverse[t9 + 7u], tetRestShapeInverse[t9 + 8u]);
  // columns of F = D_s B
  let f0 = d0 * r0.x + d1 * r1.x + d2 * r2.x;
  let f1 = d0 * r0.y + d1 * r1.y + d2 * r2.y;
  let f2 = d0 * r0.z + d1 * r1.z + d2 * r2.z;
  // shape vector m of the local vertex: a row of B, or minus their sum for vertex 0
  var m: vec3f;
  if (localVertex == 0u) {
    m = -(r0 + r1 + r2);
  } else if (localVertex == 1u) {
    m = r0;
  } else if (localVertex == 2u) {
    m = r1;
  } else {
    m = r2;
  }
  // columns of cof F
  let c0 = cross(f1, f2);
  let c1 = cross(f2, f0);
  let c2 = cross(f0, f1);
  let J = dot(f0, c0);

  let mu = data[modelLayout.tetMu + tet];
  let lambda = data[modelLayout.tetLambda + tet];
  let lambdaNH = lambda + mu;
  let alpha = 1.0 + mu / lambdaNH;
  let volume = data[modelLayout.tetRestVolumes + tet];

  let fm = f0 * m.x + f1 * m.y + f2 * m.z;
  let cm = c0 * m.x + c1 * m.y + c2 * m.z;
  let s = lambdaNH * (J - alpha);
  (*acc).force -= volume * (mu * fm + s * cm);

  let mm = dot(m, m);
  let diagonal = volume * mu * mm;
  let l = volume * lambdaNH;
  mat3AddSymmetric(acc, diagonal + l * cm.x * cm.x, l * cm.x * cm.y, l * cm.x * cm.z, diagonal + l * cm.y * cm.y, l * cm.y * cm.z, diagonal + l * cm.z * cm.z);

  let damping = data[modelLayout.tetDamping + tet];
  if (damping > 0.0 && inverseTimeStep > 0.0) {
    let pa = vertexVector(DAMPING_REFERENCE, a);
    let e0 = vertexVector(DAMPING_REFERENCE, b) - pa;
    let e1 = vertexVector(DAMPING_REFERENCE, c) - pa;
    let e2 = vertexVector(DAMPING_REFERENCE, d) - pa;
    // columns of dF = F − F^t (= h·Ḟ)
    let g0 = f0 - (e0 * r0.x + e1 * r1.x + e2 * r2.x);
    let g1 = f1 - (e0 * r0.y + e1 * r1.y + e2 * r2.y);
    let g2 = f2 - (e0 * r0.z + e1 * r1.z + e2 * r2.z);
    // A = Fᵀ dF, a_rc = f_r · g_c
    let a00 = dot(f0, g0);
    let a01 = dot(f0, g1);
    let a02 = dot(f0, g2);
    let a10 = dot(f1, g0);
    let a11 = dot(f1, g1);
    let a12 = dot(f1, g2);
    let a20 = dot(f2, g0);
    let a21 = dot(f2, g1);
    let a22 = dot(f2, g2);
    let kh = damping * inverseTimeStep;
    let trace = a00 + a11 + a22;
    let s00 = kh * (2.0 * mu * a00 + lambda * trace);
    let s11 = kh * (2.0 * mu * a11 + lambda * trace);
    let s22 = kh * (2.0 * mu * a22 + lambda * trace);
    let s01 = kh * mu * (a01 + a10);
    let s02 = kh * mu * (a02 + a20);
    let s12 = kh * mu * (a12 + a21);
    let sm = vec3f(s00 * m.x + s01 * m.y + s02 * m.z, s01 * m.x + s11 * m.y + s12 * m.z, s02 * m.x + s12 * m.y + s22 * m.z);
    (*acc).force -= volume * (f0 * sm.x + f1 * sm.y + f2 * sm.z);
    let q = kh * volume * mu * mm;
    let r = kh * volume * (mu + lambda);
    // F Fᵀ = Σ_k f_k f_kᵀ
    let ffDiagonal = f0 * f0 + f1 * f1 + f2 * f2;
    let ff01 = f0.x * f0.y + f1.x * f1.y + f2.x * f2.y;
    let ff02 = f0.x * f0.z + f1.x * f1.z + f2.x * f2.z;
    let ff12 = f0.y * f0.z + f1.y * f1.z + f2.y * f2.z;
    mat3AddSymmetric(acc, q * ffDiagonal.x + r * fm.x * fm.x, q * ff01 + r * fm.x * fm.y, q * ff02 + r * fm.x * fm.z, q * ffDiagonal.y + r * fm.y * fm.y, q * ff12 + r * fm.y * fm.z, q * ffDiagonal.z + r * fm.z * fm.z);
  }
}
`;
