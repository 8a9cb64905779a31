import { closestRotation } from '../../embedding/index.ts';
import { mat3AddSymmetric, mat3Determinant } from '../../math/mat3/index.ts';
import { deformationGradient } from './deformationGradient.ts';
import type { ElementForceHessian } from './elementForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * Force and 3×3 Hessian block of one fixed-corotated tetrahedron with respect to one of its vertices, accumulated into
 * the vertex's (f_i, H_i) of seed 000 Eqs. 3.5–3.8.
 *
 * Energy (seed 002 Eq. 4.3): Ψ(F) = μ‖F − R(F)‖²_F + λ/2 (J − 1)², E_tet = V·Ψ, F = D_s D_m⁻¹, R the closest rotation
 * (closestRotation). With λ = 0 (Poisson ratio 0) this is volumetric ARAP with per-tet rotations, the energy of
 * app/solvers/arap's 'element' model scaled by 2μ: VBD's quasistatic mode on it is the nonlinear Gauss–Seidel
 * counterpart of ARAP's local/global iteration (seed 002 notes §1.4, "the PBNG view"), used as a second opinion.
 *   P = 2μ(F − R) + λ(J − 1) cof F,  f_i = −V P m_i (m_i the vertex's shape vector).
 * Hessian: PBNG's always-SPD approximation (seed 002 Eqs. 5.31–5.34), H_ii = V[2μ|m_i|² I + λ(cof F m_i)(cof F m_i)ᵀ],
 * which drops 2μ ∂R/∂F (indefinite) and λ(J − 1)∂²J/∂F² (zero on a diagonal block): no eigen-projection, defined for
 * inverted tets. No damping term (corotated tets are for quasistatic editing).
 *
 * @param model             the VBD model (tetVertices, tetRestVolumes, tetMu, tetLambda)
 * @param tet               tetrahedron index
 * @param localVertex       0..3, which of the tet's vertices is i
 * @param positions         #V×3 current positions x [m]
 * @param _positionsStart   unused (no damping); the argument order of every tet evaluation (evaluateNeoHookeanForceHessian)
 * @param _inverseTimeStep  unused (no damping)
 * @param force             3 numbers, f_i [N], accumulated (+=)
 * @param hessian           9 numbers, row-major H_i [N/m], accumulated (+=)
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ (default model.tetRestShapeInverse)
 */
export const evaluateCorotatedForceHessian: ElementForceHessian = (
  model,
  tet,
  localVertex,
  positions,
  _positionsStart,
  _inverseTimeStep,
  force,
  hessian,
  restShapeInverse = model.tetRestShapeInverse,
) => {
  const F = deformationGradient(model.tetVertices, tet, positions, restShapeInverse, _F);
  closestRotation(F, _q, _R, true, 24);
  const R = _R;
  const B = restShapeInverse;
  const t9 = 9 * tet;
  let m0: number;
  let m1: number;
  let m2: number;
  if (localVertex === 0) {
    m0 = -(B[t9] + B[t9 + 3] + B[t9 + 6]);
    m1 = -(B[t9 + 1] + B[t9 + 4] + B[t9 + 7]);
    m2 = -(B[t9 + 2] + B[t9 + 5] + B[t9 + 8]);
  } else {
    const r = t9 + 3 * (localVertex - 1);
    m0 = B[r];
    m1 = B[r + 1];
    m2 = B[r + 2];
  }
  const mu = model.tetMu[tet];
  const lambda = model.tetLambda[tet];
  const volume = model.tetRestVolumes[tet];
  // cof F columns c0 = f1 × f2, c1 = f2 × f0, c2 = f0 × f1 (f_k = column k), row-major here.
  const c00 = F[4] * F[8] - F[7] * F[5];
  const c10 = F[7] * F[2] - F[1] * F[8];
  const c20 = F[1] * F[5] - F[4] * F[2];
  const c01 = F[5] * F[6] - F[8] * F[3];
  const c11 = F[8] * F[0] - F[2] * F[6];
  const c21 = F[2] * F[3] - F[5] * F[0];
  const c02 = F[3] * F[7] - F[6] * F[4];
  const c12 = F[6] * F[1] - F[0] * F[7];
  const c22 = F[0] * F[4] - F[3] * F[1];
  const J = F[0] * c00 + F[3] * c10 + F[6] * c20;
  const s = lambda * (J - 1);
  for (let r = 0; r < 3; r++) {
    const pm =
      2 * mu * ((F[3 * r] - R[3 * r]) * m0 + (F[3 * r + 1] - R[3 * r + 1]) * m1 + (F[3 * r + 2] - R[3 * r + 2]) * m2) +
      s * (r === 0 ? c00 * m0 + c01 * m1 + c02 * m2 : r === 1 ? c10 * m0 + c11 * m1 + c12 * m2 : c20 * m0 + c21 * m1 + c22 * m2);
    force[r] -= volume * pm;
  }
  const cm0 = c00 * m0 + c01 * m1 + c02 * m2;
  const cm1 = c10 * m0 + c11 * m1 + c12 * m2;
  const cm2 = c20 * m0 + c21 * m1 + c22 * m2;
  const diagonal = 2 * volume * mu * (m0 * m0 + m1 * m1 + m2 * m2);
  const l = volume * lambda;
  mat3AddSymmetric(hessian, diagonal + l * cm0 * cm0, l * cm0 * cm1, l * cm0 * cm2, diagonal + l * cm1 * cm1, l * cm1 * cm2, diagonal + l * cm2 * cm2);
};

/**
 * Elastic energy V·Ψ(F) [J] of one corotated tetrahedron, the energy whose derivatives evaluateCorotatedForceHessian
 * returns (kept in the same file so the two cannot drift apart).
 *
 * @param model             the VBD model
 * @param tet               tetrahedron index
 * @param positions         #V×3 positions [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ (default model.tetRestShapeInverse)
 * @returns V·Ψ(F) [J]
 */
export function corotatedEnergy(model: VbdModel, tet: number, positions: FloatArray, restShapeInverse: Float64Array = model.tetRestShapeInverse): number {
  const F = deformationGradient(model.tetVertices, tet, positions, restShapeInverse, _F);
  closestRotation(F, _q, _R, true, 24);
  let misfit = 0;
  for (let k = 0; k < 9; k++) misfit += (F[k] - _R[k]) ** 2;
  const J = mat3Determinant(F);
  return model.tetRestVolumes[tet] * (model.tetMu[tet] * misfit + 0.5 * model.tetLambda[tet] * (J - 1) * (J - 1));
}

const _F = new Float64Array(9);
const _R = new Float64Array(9);
const _q = new Float64Array(4);
