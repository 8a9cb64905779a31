import { mat3AddSymmetric } from '../../math/mat3/index.ts';
import type { ElementForceHessian } from './elementForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * Force and 3×3 Hessian block of one StVK membrane triangle (cloth) with respect to one of its vertices, plus the
 * triangle's strain-rate damping; accumulated into the vertex's (f_i, H_i) of seed 000 Eqs. 3.5–3.8.
 *
 * seed 000 Table 3.1 uses StVK (Volino et al. 2009) for cloth; the per-vertex block below is from the notes §10
 * [SUPPLEMENT] (re-derived): F = D_s D_m⁻¹ is 3×2 (D_m in the triangle's rest plane), G = ½(FᵀF − I),
 * S = 2μG + λ tr(G) I, P = F S, E = A·(μ tr G² + λ/2 (tr G)²), with membrane moduli μ = μ₃t, λ = λ_ps·t [N/m].
 *   f_i = −A F S m_i,
 *   H_ii = A [(m_iᵀ S m_i) I + μ|m_i|² FFᵀ + (μ+λ)(F m_i)(F m_i)ᵀ].
 * The first term is negative under compression (StVK buckles); we clamp it at 0 so H_ii stays positive semidefinite
 * (a descent direction even without inertia, in quasistatic mode). The clamp changes only the step, not the fixed
 * point f_i = 0.
 *
 * Damping: viscous Green-strain-rate stress S_d = k_d(2μĖ + λ tr(Ė) I), Ė = sym(FᵀḞ), as for tetrahedra
 * (see evaluateNeoHookeanForceHessian): objective, no damping of rigid motion, momentum-conserving.
 *
 * @param model            the VBD model (triangleVertices, triangleRestShapeInverse, triangleRestAreas, triangleMu, triangleLambda, triangleDamping)
 * @param triangle         triangle index
 * @param localVertex      0..2, which of the triangle's vertices is i
 * @param positions        #V×3 current positions x [m]
 * @param positionsStart   #V×3 damping reference [m] (damping only): x^t at the start of the substep, or x^t carried
 *                         along with the animation (VbdControls.dampRelativeToTargets)
 * @param inverseTimeStep  1/h [1/s]; 0 turns damping off
 * @param force            3 numbers, f_i [N], accumulated (+=)
 * @param hessian          9 numbers, row-major H_i [N/m], accumulated (+=)
 */
export const evaluateStvkTriangleForceHessian: ElementForceHessian = (
  model,
  triangle,
  localVertex,
  positions,
  positionsStart,
  inverseTimeStep,
  force,
  hessian,
) => {
  const tv = model.triangleVertices;
  const a = 3 * tv[3 * triangle];
  const b = 3 * tv[3 * triangle + 1];
  const c = 3 * tv[3 * triangle + 2];
  const x = positions;
  const d0x = x[b] - x[a];
  const d0y = x[b + 1] - x[a + 1];
  const d0z = x[b + 2] - x[a + 2];
  const d1x = x[c] - x[a];
  const d1y = x[c + 1] - x[a + 1];
  const d1z = x[c + 2] - x[a + 2];
  const B = model.triangleRestShapeInverse;
  const t4 = 4 * triangle;
  const b00 = B[t4];
  const b01 = B[t4 + 1];
  const b10 = B[t4 + 2];
  const b11 = B[t4 + 3];
  // F = D_s B, columns u (F_:0) and v (F_:1)
  const ux = d0x * b00 + d1x * b10;
  const uy = d0y * b00 + d1y * b10;
  const uz = d0z * b00 + d1z * b10;
  const vx = d0x * b01 + d1x * b11;
  const vy = d0y * b01 + d1y * b11;
  const vz = d0z * b01 + d1z * b11;
  let m0: number;
  let m1: number;
  if (localVertex === 0) {
    m0 = -(b00 + b10);
    m1 = -(b01 + b11);
  } else if (localVertex === 1) {
    m0 = b00;
    m1 = b01;
  } else {
    m0 = b10;
    m1 = b11;
  }
  const mu = model.triangleMu[triangle];
  const lambda = model.triangleLambda[triangle];
  const area = model.triangleRestAreas[triangle];
  const g00 = 0.5 * (ux * ux + uy * uy + uz * uz - 1);
  const g11 = 0.5 * (vx * vx + vy * vy + vz * vz - 1);
  const g01 = 0.5 * (ux * vx + uy * vy + uz * vz);
  const trace = g00 + g11;
  const s00 = 2 * mu * g00 + lambda * trace;
  const s11 = 2 * mu * g11 + lambda * trace;
  const s01 = 2 * mu * g01;
  const sm0 = s00 * m0 + s01 * m1;
  const sm1 = s01 * m0 + s11 * m1;
  force[0] -= area * (ux * sm0 + vx * sm1);
  force[1] -= area * (uy * sm0 + vy * sm1);
  force[2] -= area * (uz * sm0 + vz * sm1);

  const fm0 = ux * m0 + vx * m1;
  const fm1 = uy * m0 + vy * m1;
  const fm2 = uz * m0 + vz * m1;
  const mm = m0 * m0 + m1 * m1;
  const msm = m0 * sm0 + m1 * sm1;
  const diagonal = area * (msm > 0 ? msm : 0);
  const ff00 = ux * ux + vx * vx;
  const ff01 = ux * uy + vx * vy;
  const ff02 = ux * uz + vx * vz;
  const ff11 = uy * uy + vy * vy;
  const ff12 = uy * uz + vy * vz;
  const ff22 = uz * uz + vz * vz;
  let q = area * mu * mm;
  let r = area * (mu + lambda);
  const h01 = q * ff01 + r * fm0 * fm1;
  const h02 = q * ff02 + r * fm0 * fm2;
  const h12 = q * ff12 + r * fm1 * fm2;
  mat3AddSymmetric(hessian, diagonal + q * ff00 + r * fm0 * fm0, h01, h02, diagonal + q * ff11 + r * fm1 * fm1, h12, diagonal + q * ff22 + r * fm2 * fm2);

  const damping = model.triangleDamping[triangle];
  if (damping > 0 && inverseTimeStep > 0) {
    const p = positionsStart;
    const e0x = p[b] - p[a];
    const e0y = p[b + 1] - p[a + 1];
    const e0z = p[b + 2] - p[a + 2];
    const e1x = p[c] - p[a];
    const e1y = p[c + 1] - p[a + 1];
    const e1z = p[c + 2] - p[a + 2];
    // dF = F − F^t, columns du, dv
    const dux = ux - (e0x * b00 + e1x * b10);
    const duy = uy - (e0y * b00 + e1y * b10);
    const duz = uz - (e0z * b00 + e1z * b10);
    const dvx = vx - (e0x * b01 + e1x * b11);
    const dvy = vy - (e0y * b01 + e1y * b11);
    const dvz = vz - (e0z * b01 + e1z * b11);
    const a00 = ux * dux + uy * duy + uz * duz;
    const a11 = vx * dvx + vy * dvy + vz * dvz;
    const a01 = 0.5 * (ux * dvx + uy * dvy + uz * dvz + vx * dux + vy * duy + vz * duz);
    const kh = damping * inverseTimeStep;
    const rateTrace = a00 + a11;
    const r00 = kh * (2 * mu * a00 + lambda * rateTrace);
    const r11 = kh * (2 * mu * a11 + lambda * rateTrace);
    const r01 = kh * 2 * mu * a01;
    const dm0 = r00 * m0 + r01 * m1;
    const dm1 = r01 * m0 + r11 * m1;
    force[0] -= area * (ux * dm0 + vx * dm1);
    force[1] -= area * (uy * dm0 + vy * dm1);
    force[2] -= area * (uz * dm0 + vz * dm1);
    q *= kh;
    r *= kh;
    const d01 = q * ff01 + r * fm0 * fm1;
    const d02 = q * ff02 + r * fm0 * fm2;
    const d12 = q * ff12 + r * fm1 * fm2;
    mat3AddSymmetric(hessian, q * ff00 + r * fm0 * fm0, d01, d02, q * ff11 + r * fm1 * fm1, d12, q * ff22 + r * fm2 * fm2);
  }
};

/**
 * Membrane energy A·(μ tr G² + λ/2 (tr G)²) [J] of one triangle: the energy whose gradient
 * evaluateStvkTriangleForceHessian returns (kept beside it so the two cannot drift apart).
 *
 * @param model      the VBD model
 * @param triangle   triangle index
 * @param positions  #V×3 positions [m]
 * @returns A·(μ tr G² + λ/2 (tr G)²) [J], the triangle's E_j in seed 000 Eq. 2.6
 */
export function stvkTriangleEnergy(model: VbdModel, triangle: number, positions: FloatArray): number {
  const tv = model.triangleVertices;
  const a = 3 * tv[3 * triangle];
  const b = 3 * tv[3 * triangle + 1];
  const c = 3 * tv[3 * triangle + 2];
  const B = model.triangleRestShapeInverse;
  const t4 = 4 * triangle;
  let uu = 0;
  let vv = 0;
  let uv = 0;
  for (let r = 0; r < 3; r++) {
    const e0 = positions[b + r] - positions[a + r];
    const e1 = positions[c + r] - positions[a + r];
    const u = e0 * B[t4] + e1 * B[t4 + 2];
    const v = e0 * B[t4 + 1] + e1 * B[t4 + 3];
    uu += u * u;
    vv += v * v;
    uv += u * v;
  }
  const g00 = 0.5 * (uu - 1);
  const g11 = 0.5 * (vv - 1);
  const g01 = 0.5 * uv;
  const trace = g00 + g11;
  const mu = model.triangleMu[triangle];
  const lambda = model.triangleLambda[triangle];
  return model.triangleRestAreas[triangle] * (mu * (g00 * g00 + 2 * g01 * g01 + g11 * g11) + 0.5 * lambda * trace * trace);
}
