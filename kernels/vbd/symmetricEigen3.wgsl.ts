// Generated from symmetricEigen3.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const symmetricEigen3Wgsl = `// symmetricEigen3.wgsl: WGSL twin of app/math/mat3/symmetricEigen3.ts (same name; A and V are function-scope arrays
// passed by pointer, the eigenvalues are A's diagonal afterwards instead of a third argument).
//
// Eigen-decomposition of a symmetric 3×3 matrix by cyclic Jacobi rotations (Golub & Van Loan, Matrix Computations,
// §8.5): A = V·diag(w)·Vᵀ, row-major, V's columns the eigenvectors, unsorted. Precision: f32. It stops once the
// off-diagonal mass is at most 1e-14 of the diagonal's (about f32's ε²; the CPU's 1e-30 is below anything f32
// resolves) or after 12 sweeps, as on the CPU. Used by restShapeInverses.wgsl.

// A (overwritten: it ends diagonal, its diagonal the eigenvalues) and V (out); rotations over the pairs (0,1), (0,2), (1,2).
fn symmetricEigen3(a: ptr<function, array<f32, 9>>, v: ptr<function, array<f32, 9>>) {
  *v = array<f32, 9>(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0);
  for (var sweep = 0u; sweep < 12u; sweep++) {
    let off = (*a)[1] * (*a)[1] + (*a)[2] * (*a)[2] + (*a)[5] * (*a)[5];
    let diagonal = (*a)[0] * (*a)[0] + (*a)[4] * (*a)[4] + (*a)[8] * (*a)[8];
    if (off <= 1e-14 * diagonal || off == 0.0) {
      break;
    }
    for (var pair = 0u; pair < 3u; pair++) {
      let p = select(0u, 1u, pair == 2u);
      let q = select(2u, 1u, pair == 0u);
      let apq = (*a)[3u * p + q];
      if (apq == 0.0) {
        continue;
      }
      let theta = ((*a)[3u * q + q] - (*a)[3u * p + p]) / (2.0 * apq);
      let t = select(-1.0, 1.0, theta >= 0.0) / (abs(theta) + sqrt(theta * theta + 1.0));
      let c = 1.0 / sqrt(t * t + 1.0);
      let s = t * c;
      for (var k = 0u; k < 3u; k++) {
        let akp = (*a)[3u * k + p];
        let akq = (*a)[3u * k + q];
        (*a)[3u * k + p] = c * akp - s * akq;
        (*a)[3u * k + q] = s * akp + c * akq;
      }
      for (var k = 0u; k < 3u; k++) {
        let apk = (*a)[3u * p + k];
        let aqk = (*a)[3u * q + k];
        (*a)[3u * p + k] = c * apk - s * aqk;
        (*a)[3u * q + k] = s * apk + c * aqk;
      }
      for (var k = 0u; k < 3u; k++) {
        let vkp = (*v)[3u * k + p];
        let vkq = (*v)[3u * k + q];
        (*v)[3u * k + p] = c * vkp - s * vkq;
        (*v)[3u * k + q] = s * vkp + c * vkq;
      }
    }
  }
}
`;
