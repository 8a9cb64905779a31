import { symmetricEigen3 } from '../math/mat3/index.ts';
/**
 * The projection P of a deformation gradient F onto K = { R·V·diag(s)·Vᵀ : R ∈ SO(3), every s_i ∈ [min, max] },
 * the deformations whose signed principal stretches lie in a band, and the squared distance ‖F − P‖²_F. This is
 * the local step of a projective strain limit (Bouaziz, Martin, Liu, Kavan & Pauly 2014, "Projective Dynamics",
 * §5.1, strain constraint with σ clamped to [σ_min, σ_max]), used by tetTargetFitter's strain-limit term.
 *
 * With R the closest proper rotation to F (closestRotation), S = Rᵀ·F is symmetric (the stationarity condition
 * of max tr(RᵀF) over SO(3)) and its eigenvalues are F's signed singular values: an inverted F has exactly one
 * negative one, which the clamp lifts to `min`, so P is never inverted. Inside the band P = F (distance 0).
 *
 * @param F         9 numbers, row-major 3×3 deformation gradient
 * @param R         9 numbers, row-major closest proper rotation to F (closestRotation's output)
 * @param min       smallest principal stretch allowed, > 0
 * @param max       largest principal stretch allowed, ≥ min
 * @param out       9 numbers receiving P, row-major (may not alias F or R)
 * @returns ‖F − P‖²_F (0 when F already lies in the band)
 */
export function stretchLimitProjection(F: ArrayLike<number>, R: ArrayLike<number>, min: number, max: number, out: Float64Array): number {
  const S = _s;
  // S = sym(Rᵀ·F); closestRotation stops at 1e-12 rad, so the antisymmetric part is round-off.
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) S[3 * r + c] = R[r] * F[c] + R[3 + r] * F[3 + c] + R[6 + r] * F[6 + c];
  }
  const s01 = 0.5 * (S[1] + S[3]);
  const s02 = 0.5 * (S[2] + S[6]);
  const s12 = 0.5 * (S[5] + S[7]);
  S[1] = S[3] = s01;
  S[2] = S[6] = s02;
  S[5] = S[7] = s12;
  // Gershgorin: every eigenvalue lies in a disc around a diagonal entry; when all discs are inside the band,
  // F is in K (the common case of a mildly deformed tet) and no eigen-decomposition is needed.
  const a01 = Math.abs(s01);
  const a02 = Math.abs(s02);
  const a12 = Math.abs(s12);
  if (
    S[0] - a01 - a02 >= min &&
    S[0] + a01 + a02 <= max &&
    S[4] - a01 - a12 >= min &&
    S[4] + a01 + a12 <= max &&
    S[8] - a02 - a12 >= min &&
    S[8] + a02 + a12 <= max
  ) {
    for (let e = 0; e < 9; e++) out[e] = F[e];
    return 0;
  }
  const V = _v;
  const w = _w;
  symmetricEigen3(S, V, w);
  let clamped = false;
  for (let i = 0; i < 3; i++) {
    const limited = Math.min(max, Math.max(min, w[i]));
    if (limited !== w[i]) clamped = true;
    w[i] = limited;
  }
  if (!clamped) {
    for (let e = 0; e < 9; e++) out[e] = F[e];
    return 0;
  }
  // P = R·V·diag(w)·Vᵀ.
  const C = _c;
  for (let r = 0; r < 3; r++) {
    for (let c = r; c < 3; c++)
      C[3 * r + c] = C[3 * c + r] = V[3 * r] * w[0] * V[3 * c] + V[3 * r + 1] * w[1] * V[3 * c + 1] + V[3 * r + 2] * w[2] * V[3 * c + 2];
  }
  let distance = 0;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const p = R[3 * r] * C[c] + R[3 * r + 1] * C[3 + c] + R[3 * r + 2] * C[6 + c];
      out[3 * r + c] = p;
      distance += (F[3 * r + c] - p) * (F[3 * r + c] - p);
    }
  }
  return distance;
}

const _s = new Float64Array(9);
const _v = new Float64Array(9);
const _w = new Float64Array(3);
const _c = new Float64Array(9);
