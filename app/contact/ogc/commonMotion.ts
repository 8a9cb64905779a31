import { closestRotation } from '../../embedding/index.ts';
import { mat3Determinant, mat3Inverse } from '../../math/mat3/index.ts';
import type { OgcContactState } from './types.ts';

/**
 * The affine map F(x) = B(x − μ₀) + μ₁ that best carries the points at the search to the points now (least squares
 * over the centred points, μ₀ and μ₁ their centroids, pulled toward the best rotation: see fitAffine), fitted once
 * more without the points then beyond the margin; its inverse, and each point's residual |x_p − F(x⁰_p)| into
 * pointMoved. Any B is sound (the bounds of ogcDetection hold for every affine map), the fit only makes the residuals
 * small. This is seed 001 §3.1's D_min/D_max reuse rule (a common translation, B = I) generalised to an affine
 * common motion: hotFeatures uses σ to decide which candidate pairs must be searched again.
 *
 * @param state  the contact (reads points, pointsAtSearch, pointMoved, searchMargin; writes motion, motionInverse,
 *               motionFrom, motionTo, pointMoved, fitN…fitCentroids)
 * @returns σ, the smallest singular value of B (0 when B is singular or not finite: search anew), shrunk by 1e-9
 *          against rounding
 */
export function commonMotion(state: OgcContactState): number {
  const { P, pointMoved, searchMargin } = state;
  const sigma = fitAffine(state, Infinity);
  if (!(sigma > 0)) return sigma;
  // Trimmed once: fitted again to the points within the margin, so that a few points far off (a swinging hand, or a
  // small part sinking into the rest) do not tilt the map for all.
  let inliers = 0;
  for (let k = 0; k < P; k++) if (pointMoved[k] <= searchMargin) inliers++;
  if (inliers === P || inliers < 4) return sigma;
  const trimmed = fitAffine(state, searchMargin);
  return trimmed > 0 ? trimmed : fitAffine(state, Infinity);
}

/** commonMotion's least-squares fit to the points whose pointMoved is at most `within` (Infinity: all). */
function fitAffine(state: OgcContactState, within: number): number {
  const {
    P,
    pointMoved,
    pointsAtSearch,
    points,
    fitN,
    fitRotation,
    fitQuaternion,
    fitInverseC,
    fitRegularized,
    fitCentroids,
    motion,
    motionInverse,
    motionFrom,
    motionTo,
  } = state;
  if (P === 0) return 0;
  // μ₀ and μ₁: the points' sums at the search (sums[0..3]) and now (sums[3..6]), over n.
  const sums = fitCentroids;
  sums.fill(0);
  let n = 0;
  for (let k = 0; k < P; k++) {
    if (pointMoved[k] > within) continue;
    n++;
    for (let c = 0; c < 3; c++) {
      sums[c] += pointsAtSearch[3 * k + c];
      sums[3 + c] += points[3 * k + c];
    }
  }
  const a0 = sums[0] / n,
    a1 = sums[1] / n,
    a2 = sums[2] / n;
  const b0 = sums[3] / n,
    b1 = sums[4] / n,
    b2 = sums[5] / n;
  // C = Σ p pᵀ (symmetric: its upper triangle summed into `regularized`), N = Σ q pᵀ (into `nMatrix`).
  const nMatrix = fitN;
  const regularized = fitRegularized;
  nMatrix.fill(0);
  regularized.fill(0);
  for (let k = 0; k < P; k++) {
    if (pointMoved[k] > within) continue;
    const px = pointsAtSearch[3 * k] - a0,
      py = pointsAtSearch[3 * k + 1] - a1,
      pz = pointsAtSearch[3 * k + 2] - a2;
    const qx = points[3 * k] - b0,
      qy = points[3 * k + 1] - b1,
      qz = points[3 * k + 2] - b2;
    regularized[0] += px * px;
    regularized[1] += px * py;
    regularized[2] += px * pz;
    regularized[4] += py * py;
    regularized[5] += py * pz;
    regularized[8] += pz * pz;
    nMatrix[0] += qx * px;
    nMatrix[1] += qx * py;
    nMatrix[2] += qx * pz;
    nMatrix[3] += qy * px;
    nMatrix[4] += qy * py;
    nMatrix[5] += qy * pz;
    nMatrix[6] += qz * px;
    nMatrix[7] += qz * py;
    nMatrix[8] += qz * pz;
  }
  // B = (N + λR)(C + λI)⁻¹ minimizes Σ|B p − q|² + λ‖B − R‖², R the best rotation (the polar factor of N,
  // Procrustes): where the points span every direction B is their affine fit, where they do not (a flat sheet) it
  // turns as R does instead of collapsing.
  const ridge = 1e-3 * (regularized[0] + regularized[4] + regularized[8]) || 1;
  const rotation = fitRotation;
  const quaternion = fitQuaternion;
  closestRotation(nMatrix, quaternion, rotation, true);
  for (let k = 0; k < 9; k++) nMatrix[k] += ridge * rotation[k];
  regularized[0] += ridge;
  regularized[3] = regularized[1];
  regularized[4] += ridge;
  regularized[6] = regularized[2];
  regularized[7] = regularized[5];
  regularized[8] += ridge;
  const inverseC = fitInverseC;
  if (!inverse3(regularized, inverseC)) return 0;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) motion[3 * i + j] = nMatrix[3 * i] * inverseC[j] + nMatrix[3 * i + 1] * inverseC[3 + j] + nMatrix[3 * i + 2] * inverseC[6 + j];
  }
  if (!inverse3(motion, motionInverse)) return 0;
  for (let c = 0; c < 3; c++) {
    motionFrom[c] = sums[c] / n;
    motionTo[c] = sums[3 + c] / n;
  }
  const m = motion;
  for (let k = 0; k < P; k++) {
    const px = pointsAtSearch[3 * k] - a0,
      py = pointsAtSearch[3 * k + 1] - a1,
      pz = pointsAtSearch[3 * k + 2] - a2;
    const dx = points[3 * k] - (m[0] * px + m[1] * py + m[2] * pz + b0);
    const dy = points[3 * k + 1] - (m[3] * px + m[4] * py + m[5] * pz + b1);
    const dz = points[3 * k + 2] - (m[6] * px + m[7] * py + m[8] * pz + b2);
    pointMoved[k] = Math.sqrt(dx * dx + dy * dy + dz * dz);
  }
  const sigma = smallestSingularValue(m) * (1 - 1e-9);
  return Number.isFinite(sigma) ? sigma : 0;
}
/** The inverse of a 3×3 matrix (row-major) into out; false when it is singular or not finite. */
function inverse3(m: ArrayLike<number>, out: Float64Array): boolean {
  const det = mat3Determinant(m);
  if (!(Math.abs(det) > 0) || !Number.isFinite(det)) return false;
  mat3Inverse(m, out, det);
  for (let k = 0; k < 9; k++) if (!Number.isFinite(out[k])) return false;
  return true;
}

/** The smallest singular value of a 3×3 matrix B: the square root of BᵀB's smallest eigenvalue (closed form for a symmetric 3×3). */
function smallestSingularValue(b: ArrayLike<number>): number {
  const a00 = b[0] * b[0] + b[3] * b[3] + b[6] * b[6];
  const a11 = b[1] * b[1] + b[4] * b[4] + b[7] * b[7];
  const a22 = b[2] * b[2] + b[5] * b[5] + b[8] * b[8];
  const a01 = b[0] * b[1] + b[3] * b[4] + b[6] * b[7];
  const a02 = b[0] * b[2] + b[3] * b[5] + b[6] * b[8];
  const a12 = b[1] * b[2] + b[4] * b[5] + b[7] * b[8];
  const off = a01 * a01 + a02 * a02 + a12 * a12;
  const q = (a00 + a11 + a22) / 3;
  const p2 = (a00 - q) * (a00 - q) + (a11 - q) * (a11 - q) + (a22 - q) * (a22 - q) + 2 * off;
  const p = Math.sqrt(p2 / 6);
  if (!(p > 0)) return Math.sqrt(Math.max(0, q));
  const b00 = (a00 - q) / p,
    b11 = (a11 - q) / p,
    b22 = (a22 - q) / p,
    b01 = a01 / p,
    b02 = a02 / p,
    b12 = a12 / p;
  const half = 0.5 * (b00 * (b11 * b22 - b12 * b12) - b01 * (b01 * b22 - b12 * b02) + b02 * (b01 * b12 - b11 * b02));
  const phi = Math.acos(Math.min(1, Math.max(-1, half))) / 3;
  const smallest = q + 2 * p * Math.cos(phi + (2 * Math.PI) / 3);
  return Math.sqrt(Math.max(0, smallest));
}
