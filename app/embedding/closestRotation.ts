/**
 * The rotation R maximizing tr(Rᵀ·F) (the rotation of the polar decomposition F = R·S when det F > 0, and
 * the nearest proper rotation otherwise), by the iteration of Müller, Bender, Chentanez & Macklin 2016,
 * "A Robust Method to Extract the Rotational Part of Deformations": with columns r_i of R and f_i of F,
 * ω = Σ r_i × f_i / (|Σ r_i · f_i| + ε), R ← exp(ω)·R, upgraded to the Newton step ω = H⁻¹·Σ r_i × f_i
 * (H = tr(C)·I − sym(C), C = F·Rᵀ, the negated Hessian of tr(RᵀF) on SO(3)) wherever H is positive definite:
 * Müller's step converges linearly (by a factor ~3 per step for a pure rotation), Newton's quadratically. It
 * never produces a reflection, handles singular and inverted F, and converges in one or two steps when
 * warm-started from the previous frame's R, which is how
 * the fitting's local step (seed 004 §4.3, Eq. 4.1 with an ARAP Φ) and the detail transfer (seed 004 Eq.
 * 4.10, "the rotation (polar decomposition) of the relative deformation gradient") use it.
 *
 * A cold start (initialize = true) first takes the quaternion of F itself (Shepperd 1978 on the matrix, then
 * normalized), which is already R when F is a rotation and keeps the iteration away from the saddle points
 * 180° from the answer that a start at the identity can hit.
 *
 * @param F              9 numbers, row-major 3×3 matrix
 * @param quaternion     4 numbers x, y, z, w: the warm start on input, R as a unit quaternion on output
 * @param rotationOut    9 numbers receiving R row-major (optional)
 * @param initialize     ignore the input quaternion and start from F's own quaternion (default false)
 * @param maxIterations  iteration cap (default 24); stops earlier when the step is below 1e-12 rad
 * @param newtonStop     also stop right after a Newton step below this angle [rad] (default 0: never), without the
 *                       pass that would measure the next step: Newton converges quadratically, so that step would be
 *                       about the square of this one (1e-6 rad: ~1e-12, the loop's own criterion)
 */
export function closestRotation(
  F: ArrayLike<number>,
  quaternion: Float64Array,
  rotationOut?: Float64Array,
  initialize = false,
  maxIterations = 24,
  newtonStop = 0,
): void {
  // F's entries once, as locals (the iteration reads each of them several times per step).
  const m0 = F[0];
  const m1 = F[1];
  const m2 = F[2];
  const m3 = F[3];
  const m4 = F[4];
  const m5 = F[5];
  const m6 = F[6];
  const m7 = F[7];
  const m8 = F[8];
  let x = quaternion[0];
  let y = quaternion[1];
  let z = quaternion[2];
  let w = quaternion[3];
  if (initialize) {
    // Shepperd's method on F (exact for a rotation).
    const trace = m0 + m4 + m8;
    if (trace >= m0 && trace >= m4 && trace >= m8) {
      w = 1 + trace;
      x = m7 - m5;
      y = m2 - m6;
      z = m3 - m1;
    } else if (m0 >= m4 && m0 >= m8) {
      x = 1 + m0 - m4 - m8;
      y = m1 + m3;
      z = m2 + m6;
      w = m7 - m5;
    } else if (m4 >= m8) {
      x = m1 + m3;
      y = 1 + m4 - m0 - m8;
      z = m5 + m7;
      w = m2 - m6;
    } else {
      x = m2 + m6;
      y = m5 + m7;
      z = 1 + m8 - m0 - m4;
      w = m3 - m1;
    }
  }
  let length = Math.sqrt(x * x + y * y + z * z + w * w);
  if (!(length > 0) || !Number.isFinite(length)) {
    x = 0;
    y = 0;
    z = 0;
    w = 1;
    length = 1;
  }
  x /= length;
  y /= length;
  z /= length;
  w /= length;
  let r00 = 0;
  let r01 = 0;
  let r02 = 0;
  let r10 = 0;
  let r11 = 0;
  let r12 = 0;
  let r20 = 0;
  let r21 = 0;
  let r22 = 0;
  let converged = false;
  for (let iteration = 0; ; iteration++) {
    r00 = 1 - 2 * (y * y + z * z);
    r01 = 2 * (x * y - z * w);
    r02 = 2 * (x * z + y * w);
    r10 = 2 * (x * y + z * w);
    r11 = 1 - 2 * (x * x + z * z);
    r12 = 2 * (y * z - x * w);
    r20 = 2 * (x * z - y * w);
    r21 = 2 * (y * z + x * w);
    r22 = 1 - 2 * (x * x + y * y);
    if (iteration >= maxIterations || converged) break;
    // g = Σ_i r_i × f_i (columns) = vee(C − Cᵀ) with C = F·Rᵀ: the gradient of tr(RᵀF) for R ← exp(ω)·R.
    const gx = r10 * m6 - r20 * m3 + (r11 * m7 - r21 * m4) + (r12 * m8 - r22 * m5);
    const gy = r20 * m0 - r00 * m6 + (r21 * m1 - r01 * m7) + (r22 * m2 - r02 * m8);
    const gz = r00 * m3 - r10 * m0 + (r01 * m4 - r11 * m1) + (r02 * m5 - r12 * m2);
    // Newton step ω = H⁻¹g with H = tr(C)·I − sym(C) (the negated Hessian) when H is positive definite,
    // which holds near the maximum: quadratic convergence from warm starts. Elsewhere Müller et al.'s
    // step ω = g / |tr C|, which always makes progress.
    const c00 = m0 * r00 + m1 * r01 + m2 * r02;
    const c11 = m3 * r10 + m4 * r11 + m5 * r12;
    const c22 = m6 * r20 + m7 * r21 + m8 * r22;
    const s01 = 0.5 * (m0 * r10 + m1 * r11 + m2 * r12 + (m3 * r00 + m4 * r01 + m5 * r02));
    const s02 = 0.5 * (m0 * r20 + m1 * r21 + m2 * r22 + (m6 * r00 + m7 * r01 + m8 * r02));
    const s12 = 0.5 * (m3 * r20 + m4 * r21 + m5 * r22 + (m6 * r10 + m7 * r11 + m8 * r12));
    const traceC = c00 + c11 + c22;
    const h00 = traceC - c00;
    const h11 = traceC - c11;
    const h22 = traceC - c22;
    // Cofactors of H = [h00 −s01 −s02; −s01 h11 −s12; −s02 −s12 h22].
    const k00 = h11 * h22 - s12 * s12;
    const k01 = s01 * h22 + s02 * s12;
    const k02 = s01 * s12 + s02 * h11;
    const k11 = h00 * h22 - s02 * s02;
    const k12 = h00 * s12 + s01 * s02;
    const k22 = h00 * h11 - s01 * s01;
    const det = h00 * k00 - s01 * k01 - s02 * k02;
    let wx: number;
    let wy: number;
    let wz: number;
    const scaleH = Math.abs(traceC) + 1e-30;
    const newton = h00 > 0 && h00 * h11 - s01 * s01 > 0 && det > 1e-9 * scaleH * scaleH * scaleH;
    if (newton) {
      const inverse = 1 / det;
      wx = (k00 * gx + k01 * gy + k02 * gz) * inverse;
      wy = (k01 * gx + k11 * gy + k12 * gz) * inverse;
      wz = (k02 * gx + k12 * gy + k22 * gz) * inverse;
    } else {
      const scale = 1 / (Math.abs(traceC) + 1e-9);
      wx = gx * scale;
      wy = gy * scale;
      wz = gz * scale;
    }
    const angle = Math.sqrt(wx * wx + wy * wy + wz * wz);
    if (angle < 1e-12) break;
    converged = newton && angle < newtonStop;
    // q ← exp(ω)·q. Below TINY_HALF_ANGLE sin(h) is h and cos(h) is 1 in double precision (the libm returns them
    // exactly there), so the two calls are skipped: the same numbers, bit for bit (the tail of a warm start).
    const half = 0.5 * angle;
    const tiny = half < TINY_HALF_ANGLE;
    const s = (tiny ? half : Math.sin(half)) / angle;
    const ax = wx * s;
    const ay = wy * s;
    const az = wz * s;
    const aw = tiny ? 1 : Math.cos(half);
    const nx = aw * x + ax * w + ay * z - az * y;
    const ny = aw * y - ax * z + ay * w + az * x;
    const nz = aw * z + ax * y - ay * x + az * w;
    const nw = aw * w - ax * x - ay * y - az * z;
    const n = Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
    x = nx / n;
    y = ny / n;
    z = nz / n;
    w = nw / n;
  }
  quaternion[0] = x;
  quaternion[1] = y;
  quaternion[2] = z;
  quaternion[3] = w;
  if (rotationOut) {
    rotationOut[0] = r00;
    rotationOut[1] = r01;
    rotationOut[2] = r02;
    rotationOut[3] = r10;
    rotationOut[4] = r11;
    rotationOut[5] = r12;
    rotationOut[6] = r20;
    rotationOut[7] = r21;
    rotationOut[8] = r22;
  }
}

/**
 * 2⁻²⁸: below it Math.sin(h) === h and Math.cos(h) === 1 (both fdlibm and glibc return them early for |h| < 2⁻²⁷;
 * the correctly rounded values are the same). test/app/embedding/closestRotation.test.ts checks it on this runtime.
 */
export const TINY_HALF_ANGLE = 2 ** -28;

/**
 * A newtonStop for warm-started callers (the fitting's local step, detail transfer) [rad]: a Newton step θ leaves about
 * θ³ here, so the pass after a step below it only finds the next below 1e-12 and stops. Measured: over 54k random
 * stretched F with warm starts 1e-4–1e-2 rad off, stopping after steps below 1e-4 gave the full loop's rotation bit for
 * bit (below 1e-3: up to 3e-10 apart in most); the sample's and Fox's bakes are unchanged bit for bit (cmp). Saves the
 * last pass of most calls (a warm-started call makes 1.7 updates on the sample's fitting).
 */
export const WARM_NEWTON_STOP = 1e-4;
