import { mat3AddSymmetric, mat3Determinant } from '../../math/mat3/index.ts';
import { deformationGradient } from './deformationGradient.ts';
import type { ElementForceHessian } from './elementForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * Force and 3×3 Hessian block of one stable Neo-Hookean tetrahedron with respect to one of its vertices, plus the
 * tetrahedron's strain-rate damping; accumulated into the vertex's (f_i, H_i) of seed 000 Eqs. 3.5–3.8.
 *
 * Energy (Smith, de Goes, Kim 2018, "Stable Neo-Hookean Flesh Simulation", without the log term, as VBD uses it,
 * seed 000 §2.3 of the notes): Ψ(F) = μ/2 (tr FᵀF − 3) + λ'/2 (J − α)² − μ²/(2λ'), λ' = λ + μ, α = 1 + μ/λ',
 * E_tet = V·Ψ(F), F = D_s D_m⁻¹. Its small-strain limit is linear elasticity with Lamé (μ, λ); Ψ(I) = 0.
 *   P = μF + λ'(J − α) cof F,  cof F = [f1×f2, f2×f0, f0×f1] (columns f_k of F; stays exact as J → 0 and J < 0).
 *   With m_i the shape vector of vertex i (F = Σ_k x_k m_kᵀ):  f_i = −V P m_i,
 *   H_ii = V [μ|m_i|² I + λ'(cof F m_i)(cof F m_i)ᵀ].
 * The λ'(J − α)∂²J/∂F² term contributes exactly zero to a diagonal vertex block (∂²J/∂F_{:a}∂F_{:b} is
 * antisymmetric in a, b and is contracted with the symmetric m_a m_b), so H_ii is the exact block and is SPD
 * whenever μ > 0: no eigen-projection is needed (notes §10 [SUPPLEMENT], re-derived).
 *
 * Damping (our choice, stiffness-proportional as seed 000 §3.1.3 asks, but objective): a viscous stress on the
 * Green strain rate, S_d = k_d (2μ Ė + λ tr(Ė) I), Ė = sym(Fᵀ Ḟ), Ḟ = (F − F^t)/h, P_d = F S_d. At the rest shape
 * this is exactly Rayleigh damping k_d·K·v; unlike Eq. 3.8 taken literally (diagonal block times the vertex's own
 * velocity) it does not damp rigid translation (free fall) or rigid rotation (character root motion), and its
 * forces sum to zero over the element (momentum is conserved). Its Hessian block, with F held fixed,
 * is (k_d/h) V [μ|m|² FFᵀ + (μ+λ)(Fm)(Fm)ᵀ] (SPD).
 *
 * @param model            the VBD model (tetVertices, tetRestVolumes, tetMu, tetLambda, tetDamping)
 * @param tet              tetrahedron index
 * @param localVertex      0..3, which of the tet's vertices is i
 * @param positions        #V×3 current positions x [m]
 * @param positionsStart   #V×3 damping reference [m] (damping only): x^t at the start of the substep, or x^t carried
 *                         along with the animation (VbdControls.dampRelativeToTargets)
 * @param inverseTimeStep  1/h [1/s]; 0 turns damping off (quasistatic)
 * @param force            3 numbers, f_i [N], accumulated (+=)
 * @param hessian          9 numbers, row-major H_i [N/m], accumulated (+=)
 * @param restShapeInverse #T×9 row-major D_m⁻¹ of every tet (default model.tetRestShapeInverse; VbdControls can
 *                         override it with an animated reference)
 */
export const evaluateNeoHookeanForceHessian: ElementForceHessian = (
  model,
  tet,
  localVertex,
  positions,
  positionsStart,
  inverseTimeStep,
  force,
  hessian,
  restShapeInverse = model.tetRestShapeInverse,
) => {
  const tv = model.tetVertices;
  const t4 = 4 * tet;
  const a = 3 * tv[t4];
  const b = 3 * tv[t4 + 1];
  const c = 3 * tv[t4 + 2];
  const d = 3 * tv[t4 + 3];
  const x = positions;
  const ax = x[a];
  const ay = x[a + 1];
  const az = x[a + 2];
  // D_s columns. F and cof F stay in unrolled locals on this hot path: the same math through deformationGradient and
  // a cofactor helper writing scratch arrays (as the energy and the damping's F^t below do) measured 1.3–2× slower
  // (micro-timing, 20k random tets × 4 vertices × 10, Node 20, on a shared 2-core machine).
  const d0x = x[b] - ax;
  const d0y = x[b + 1] - ay;
  const d0z = x[b + 2] - az;
  const d1x = x[c] - ax;
  const d1y = x[c + 1] - ay;
  const d1z = x[c + 2] - az;
  const d2x = x[d] - ax;
  const d2y = x[d + 1] - ay;
  const d2z = x[d + 2] - az;
  const B = restShapeInverse;
  const t9 = 9 * tet;
  const b00 = B[t9];
  const b01 = B[t9 + 1];
  const b02 = B[t9 + 2];
  const b10 = B[t9 + 3];
  const b11 = B[t9 + 4];
  const b12 = B[t9 + 5];
  const b20 = B[t9 + 6];
  const b21 = B[t9 + 7];
  const b22 = B[t9 + 8];
  // F = D_s B (F_rc)
  const f00 = d0x * b00 + d1x * b10 + d2x * b20;
  const f01 = d0x * b01 + d1x * b11 + d2x * b21;
  const f02 = d0x * b02 + d1x * b12 + d2x * b22;
  const f10 = d0y * b00 + d1y * b10 + d2y * b20;
  const f11 = d0y * b01 + d1y * b11 + d2y * b21;
  const f12 = d0y * b02 + d1y * b12 + d2y * b22;
  const f20 = d0z * b00 + d1z * b10 + d2z * b20;
  const f21 = d0z * b01 + d1z * b11 + d2z * b21;
  const f22 = d0z * b02 + d1z * b12 + d2z * b22;
  // shape vector m of the local vertex: rows of B, and minus their sum for vertex 0
  let m0: number;
  let m1: number;
  let m2: number;
  if (localVertex === 0) {
    m0 = -(b00 + b10 + b20);
    m1 = -(b01 + b11 + b21);
    m2 = -(b02 + b12 + b22);
  } else {
    const r = t9 + 3 * (localVertex - 1);
    m0 = B[r];
    m1 = B[r + 1];
    m2 = B[r + 2];
  }
  // cof F columns: c0 = f1 × f2, c1 = f2 × f0, c2 = f0 × f1 (f_k = column k)
  const c00 = f11 * f22 - f21 * f12;
  const c10 = f21 * f02 - f01 * f22;
  const c20 = f01 * f12 - f11 * f02;
  const c01 = f12 * f20 - f22 * f10;
  const c11 = f22 * f00 - f02 * f20;
  const c21 = f02 * f10 - f12 * f00;
  const c02 = f10 * f21 - f20 * f11;
  const c12 = f20 * f01 - f00 * f21;
  const c22 = f00 * f11 - f10 * f01;
  const J = f00 * c00 + f10 * c10 + f20 * c20;

  const mu = model.tetMu[tet];
  const lambda = model.tetLambda[tet];
  const lambdaNH = lambda + mu;
  const alpha = 1 + mu / lambdaNH;
  const volume = model.tetRestVolumes[tet];

  const fm0 = f00 * m0 + f01 * m1 + f02 * m2;
  const fm1 = f10 * m0 + f11 * m1 + f12 * m2;
  const fm2 = f20 * m0 + f21 * m1 + f22 * m2;
  const cm0 = c00 * m0 + c01 * m1 + c02 * m2;
  const cm1 = c10 * m0 + c11 * m1 + c12 * m2;
  const cm2 = c20 * m0 + c21 * m1 + c22 * m2;
  const s = lambdaNH * (J - alpha);
  force[0] -= volume * (mu * fm0 + s * cm0);
  force[1] -= volume * (mu * fm1 + s * cm1);
  force[2] -= volume * (mu * fm2 + s * cm2);

  const mm = m0 * m0 + m1 * m1 + m2 * m2;
  const diagonal = volume * mu * mm;
  const l = volume * lambdaNH;
  const h01 = l * cm0 * cm1;
  const h02 = l * cm0 * cm2;
  const h12 = l * cm1 * cm2;
  mat3AddSymmetric(hessian, diagonal + l * cm0 * cm0, h01, h02, diagonal + l * cm1 * cm1, h12, diagonal + l * cm2 * cm2);

  const damping = model.tetDamping[tet];
  if (damping > 0 && inverseTimeStep > 0) {
    // dF = F − F^t (= h·Ḟ)
    const S = deformationGradient(model.tetVertices, tet, positionsStart, restShapeInverse, _deformation);
    const g00 = f00 - S[0];
    const g01 = f01 - S[1];
    const g02 = f02 - S[2];
    const g10 = f10 - S[3];
    const g11 = f11 - S[4];
    const g12 = f12 - S[5];
    const g20 = f20 - S[6];
    const g21 = f21 - S[7];
    const g22 = f22 - S[8];
    // A = Fᵀ dF; dE = sym(A)
    const a00 = f00 * g00 + f10 * g10 + f20 * g20;
    const a01 = f00 * g01 + f10 * g11 + f20 * g21;
    const a02 = f00 * g02 + f10 * g12 + f20 * g22;
    const a10 = f01 * g00 + f11 * g10 + f21 * g20;
    const a11 = f01 * g01 + f11 * g11 + f21 * g21;
    const a12 = f01 * g02 + f11 * g12 + f21 * g22;
    const a20 = f02 * g00 + f12 * g10 + f22 * g20;
    const a21 = f02 * g01 + f12 * g11 + f22 * g21;
    const a22 = f02 * g02 + f12 * g12 + f22 * g22;
    const kh = damping * inverseTimeStep;
    const trace = a00 + a11 + a22;
    // S_d = (k_d/h)(2μ dE + λ tr(dE) I), then S_d m
    const s00 = kh * (2 * mu * a00 + lambda * trace);
    const s11 = kh * (2 * mu * a11 + lambda * trace);
    const s22 = kh * (2 * mu * a22 + lambda * trace);
    const s01 = kh * mu * (a01 + a10);
    const s02 = kh * mu * (a02 + a20);
    const s12 = kh * mu * (a12 + a21);
    const sm0 = s00 * m0 + s01 * m1 + s02 * m2;
    const sm1 = s01 * m0 + s11 * m1 + s12 * m2;
    const sm2 = s02 * m0 + s12 * m1 + s22 * m2;
    force[0] -= volume * (f00 * sm0 + f01 * sm1 + f02 * sm2);
    force[1] -= volume * (f10 * sm0 + f11 * sm1 + f12 * sm2);
    force[2] -= volume * (f20 * sm0 + f21 * sm1 + f22 * sm2);
    // (k_d/h) V [μ|m|² F Fᵀ + (μ+λ)(Fm)(Fm)ᵀ]
    const q = kh * volume * mu * mm;
    const r = kh * volume * (mu + lambda);
    const ff00 = f00 * f00 + f01 * f01 + f02 * f02;
    const ff01 = f00 * f10 + f01 * f11 + f02 * f12;
    const ff02 = f00 * f20 + f01 * f21 + f02 * f22;
    const ff11 = f10 * f10 + f11 * f11 + f12 * f12;
    const ff12 = f10 * f20 + f11 * f21 + f12 * f22;
    const ff22 = f20 * f20 + f21 * f21 + f22 * f22;
    const d01 = q * ff01 + r * fm0 * fm1;
    const d02 = q * ff02 + r * fm0 * fm2;
    const d12 = q * ff12 + r * fm1 * fm2;
    mat3AddSymmetric(hessian, q * ff00 + r * fm0 * fm0, d01, d02, q * ff11 + r * fm1 * fm1, d12, q * ff22 + r * fm2 * fm2);
  }
};

/**
 * Elastic energy V·Ψ(F) [J] of one tetrahedron, the energy whose derivatives evaluateNeoHookeanForceHessian
 * returns (kept in the same file so the two cannot drift apart).
 *
 * @param model             the VBD model
 * @param tet               tetrahedron index
 * @param positions         #V×3 positions [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ of every tet (default model.tetRestShapeInverse)
 * @returns V·Ψ(F) [J], the tet's E_j in seed 000 Eq. 2.6
 */
export function neoHookeanEnergy(model: VbdModel, tet: number, positions: FloatArray, restShapeInverse: Float64Array = model.tetRestShapeInverse): number {
  const F = deformationGradient(model.tetVertices, tet, positions, restShapeInverse, _deformation);
  const J = mat3Determinant(F);
  let frobenius = 0;
  for (let k = 0; k < 9; k++) frobenius += F[k] * F[k];
  const mu = model.tetMu[tet];
  const lambdaNH = model.tetLambda[tet] + mu;
  const alpha = 1 + mu / lambdaNH;
  const psi = 0.5 * mu * (frobenius - 3) + 0.5 * lambdaNH * (J - alpha) * (J - alpha) - (mu * mu) / (2 * lambdaNH);
  return model.tetRestVolumes[tet] * psi;
}

const _deformation = new Float64Array(9);
