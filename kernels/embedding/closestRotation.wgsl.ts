// Generated from closestRotation.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const closestRotationWgsl = `// closestRotation.wgsl: WGSL twin of app/embedding/closestRotation.ts (same name; the quaternion comes in and goes out
// by value, the rotation is returned instead of written).
//
// The rotation R maximizing tr(RᵀF) (the polar rotation of F when det F > 0, the nearest proper rotation otherwise) by
// the iteration of Müller, Bender, Chentanez & Macklin 2016, "A Robust Method to Extract the Rotational Part of
// Deformations", upgraded to Newton's step ω = H⁻¹·Σ r_i × f_i (H = tr(C)·I − sym(C), C = F·Rᵀ) wherever H is
// positive definite, Müller's ω = g/|tr C| elsewhere; a cold start takes F's own quaternion (Shepperd 1978). The CPU
// header derives each step; this is the same arithmetic in f32, where the loop stops below CLOSEST_ROTATION_STOP
// (the CPU's 1e-12 rad is below f32's resolution) and sin/cos are always evaluated.
//
// No bindings; a function for the kernels that include it (detailTransfer.wgsl).

const CLOSEST_ROTATION_STOP: f32 = 1e-7;

struct ClosestRotation {
  // x, y, z, w: R as a unit quaternion (the next call's warm start)
  quaternion: vec4f,
  // rows of R
  r0: vec3f,
  r1: vec3f,
  r2: vec3f,
}

// F given by its rows f0, f1, f2 (row-major like the CPU's 9 numbers).
fn closestRotation(f0: vec3f, f1: vec3f, f2: vec3f, warm: vec4f, initialize: bool, maxIterations: u32, newtonStop: f32) -> ClosestRotation {
  let m0 = f0.x;
  let m1 = f0.y;
  let m2 = f0.z;
  let m3 = f1.x;
  let m4 = f1.y;
  let m5 = f1.z;
  let m6 = f2.x;
  let m7 = f2.y;
  let m8 = f2.z;
  var q = warm;
  if (initialize) {
    let trace = m0 + m4 + m8;
    if (trace >= m0 && trace >= m4 && trace >= m8) {
      q = vec4f(m7 - m5, m2 - m6, m3 - m1, 1.0 + trace);
    } else if (m0 >= m4 && m0 >= m8) {
      q = vec4f(1.0 + m0 - m4 - m8, m1 + m3, m2 + m6, m7 - m5);
    } else if (m4 >= m8) {
      q = vec4f(m1 + m3, 1.0 + m4 - m0 - m8, m5 + m7, m2 - m6);
    } else {
      q = vec4f(m2 + m6, m5 + m7, 1.0 + m8 - m0 - m4, m3 - m1);
    }
  }
  let length = sqrt(dot(q, q));
  if (!(length > 0.0) || length > 3.0e38) {
    q = vec4f(0.0, 0.0, 0.0, 1.0);
  } else {
    q = q / length;
  }
  var r00 = 0.0;
  var r01 = 0.0;
  var r02 = 0.0;
  var r10 = 0.0;
  var r11 = 0.0;
  var r12 = 0.0;
  var r20 = 0.0;
  var r21 = 0.0;
  var r22 = 0.0;
  var converged = false;
  for (var iteration = 0u; ; iteration++) {
    let x = q.x;
    let y = q.y;
    let z = q.z;
    let w = q.w;
    r00 = 1.0 - 2.0 * (y * y + z * z);
    r01 = 2.0 * (x * y - z * w);
    r02 = 2.0 * (x * z + y * w);
    r10 = 2.0 * (x * y + z * w);
    r11 = 1.0 - 2.0 * (x * x + z * z);
    r12 = 2.0 * (y * z - x * w);
    r20 = 2.0 * (x * z - y * w);
    r21 = 2.0 * (y * z + x * w);
    r22 = 1.0 - 2.0 * (x * x + y * y);
    if (iteration >= maxIterations || converged) {
      break;
    }
    // g = Σ_i r_i × f_i (columns) = vee(C − Cᵀ), C = F·Rᵀ
    let gx = r10 * m6 - r20 * m3 + (r11 * m7 - r21 * m4) + (r12 * m8 - r22 * m5);
    let gy = r20 * m0 - r00 * m6 + (r21 * m1 - r01 * m7) + (r22 * m2 - r02 * m8);
    let gz = r00 * m3 - r10 * m0 + (r01 * m4 - r11 * m1) + (r02 * m5 - r12 * m2);
    let c00 = m0 * r00 + m1 * r01 + m2 * r02;
    let c11 = m3 * r10 + m4 * r11 + m5 * r12;
    let c22 = m6 * r20 + m7 * r21 + m8 * r22;
    let s01 = 0.5 * (m0 * r10 + m1 * r11 + m2 * r12 + (m3 * r00 + m4 * r01 + m5 * r02));
    let s02 = 0.5 * (m0 * r20 + m1 * r21 + m2 * r22 + (m6 * r00 + m7 * r01 + m8 * r02));
    let s12 = 0.5 * (m3 * r20 + m4 * r21 + m5 * r22 + (m6 * r10 + m7 * r11 + m8 * r12));
    let traceC = c00 + c11 + c22;
    let h00 = traceC - c00;
    let h11 = traceC - c11;
    let h22 = traceC - c22;
    // cofactors of H = [h00 −s01 −s02; −s01 h11 −s12; −s02 −s12 h22]
    let k00 = h11 * h22 - s12 * s12;
    let k01 = s01 * h22 + s02 * s12;
    let k02 = s01 * s12 + s02 * h11;
    let k11 = h00 * h22 - s02 * s02;
    let k12 = h00 * s12 + s01 * s02;
    let k22 = h00 * h11 - s01 * s01;
    let det = h00 * k00 - s01 * k01 - s02 * k02;
    let scaleH = abs(traceC) + 1e-30;
    let newton = h00 > 0.0 && h00 * h11 - s01 * s01 > 0.0 && det > 1e-9 * scaleH * scaleH * scaleH;
    var omega: vec3f;
    if (newton) {
      let inverse = 1.0 / det;
      omega = vec3f(k00 * gx + k01 * gy + k02 * gz, k01 * gx + k11 * gy + k12 * gz, k02 * gx + k12 * gy + k22 * gz) * inverse;
    } else {
      omega = vec3f(gx, gy, gz) / (abs(traceC) + 1e-9);
    }
    let angle = sqrt(dot(omega, omega));
    if (angle < CLOSEST_ROTATION_STOP) {
      break;
    }
    converged = newton && angle < newtonStop;
    // q ← exp(ω)·q
    let half = 0.5 * angle;
    let a = omega * (sin(half) / angle);
    let aw = cos(half);
    let next = vec4f(
      aw * x + a.x * w + a.y * z - a.z * y,
      aw * y - a.x * z + a.y * w + a.z * x,
      aw * z + a.x * y - a.y * x + a.z * w,
      aw * w - a.x * x - a.y * y - a.z * z,
    );
    q = next / sqrt(dot(next, next));
  }
  return ClosestRotation(q, vec3f(r00, r01, r02), vec3f(r10, r11, r12), vec3f(r20, r21, r22));
}
`;
