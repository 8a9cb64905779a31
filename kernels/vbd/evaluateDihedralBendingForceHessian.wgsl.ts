// Generated from evaluateDihedralBendingForceHessian.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const evaluateDihedralBendingForceHessianWgsl = `// evaluateDihedralBendingForceHessian.wgsl: WGSL twin of app/solvers/vbd/evaluateDihedralBendingForceHessian.ts
// (same name; arguments in the same order, minus the model, positions and positionsStart, which are bindings).
//
// Force and Gauss-Newton 3×3 Hessian block of one dihedral bending hinge E = ½ k_e (θ − θ̄)² (the Warp form,
// seed 000 Algorithm 5's bending energy) with respect to one of its four vertices e0, e1, o0, o1, plus damping on
// the rate of the angle: f_i = −(k_e (θ − θ̄) + (k_d/h) k_e dθ) ∇_iθ, H_ii = (k_e + (k_d/h) k_e) ∇_iθ ∇_iθᵀ, with
// the signed angle θ = atan2((N2 × N1)·ê, N1·N2) and the gradients of Bridson, Marino, Fedkiw 2003 (see the CPU
// header). Hinges with a (nearly) degenerate triangle are skipped, as on the CPU.

fn evaluateDihedralBendingForceHessian(hinge: u32, localVertex: u32, inverseTimeStep: f32, acc: ptr<function, ForceHessian>) {
  let h4 = modelLayout.hingeVertices + 4u * hinge;
  var vertices = array<u32, 4>(indices[h4], indices[h4 + 1u], indices[h4 + 2u], indices[h4 + 3u]);
  let xe0 = position(vertices[0]);
  let xe1 = position(vertices[1]);
  let xo0 = position(vertices[2]);
  let xo1 = position(vertices[3]);
  let e = xe1 - xe0;
  let edgeLength = sqrt(dot(e, e));
  let pa = xo0 - xe0;
  let pb = xo0 - xe1;
  let pc = xo1 - xe1;
  let pd = xo1 - xe0;
  let n1 = cross(pa, pb);
  let n2 = cross(pc, pd);
  let n1s = dot(n1, n1);
  let n2s = dot(n2, n2);
  let l4 = edgeLength * edgeLength * edgeLength * edgeLength;
  if (!(edgeLength > 0.0) || !(n1s > 1e-20 * l4) || !(n2s > 1e-20 * l4)) {
    return;
  }
  let axis = e / edgeLength;
  let sine = dot(cross(n2, n1), axis);
  let cosine = dot(n1, n2);
  // A flat hinge can give sine = −0: IEEE's atan2(−0, x > 0) is −0, but SwiftShader's returns π (measured: a flat
  // quad of a cloth sleeve then pushed its corners by k_e·π·∇θ at rest). Zero of either sign is taken as +0.
  let theta = atan2(select(sine, 0.0, sine == 0.0), cosine);
  let p1 = n1 / n1s;
  let p2 = n2 / n2s;
  var gradients = array<vec3f, 4>(
    dot(pb, axis) * p1 + dot(pc, axis) * p2,
    -dot(pa, axis) * p1 - dot(pd, axis) * p2,
    edgeLength * p1,
    edgeLength * p2,
  );
  let k = data[modelLayout.hingeStiffness + hinge];
  var difference = theta - data[modelLayout.hingeRestAngles + hinge];
  let pi = 3.14159265358979;
  if (difference > pi) {
    difference -= 2.0 * pi;
  } else if (difference < -pi) {
    difference += 2.0 * pi;
  }
  let g = gradients[localVertex];
  var scale = k * difference;
  var curvature = k;
  let damping = data[modelLayout.hingeDamping + hinge];
  if (damping > 0.0 && inverseTimeStep > 0.0) {
    var rate = 0.0;
    for (var q = 0u; q < 4u; q++) {
      rate += dot(gradients[q], position(vertices[q]) - vertexVector(DAMPING_REFERENCE, vertices[q]));
    }
    let kh = damping * inverseTimeStep * k;
    scale += kh * rate;
    curvature += kh;
  }
  (*acc).force -= scale * g;
  let cg = curvature * g;
  mat3AddSymmetric(acc, cg.x * g.x, cg.x * g.y, cg.x * g.z, cg.y * g.y, cg.y * g.z, curvature * g.z * g.z);
}
`;
