import { mat3AddSymmetric } from '../../math/mat3/index.ts';
import type { ElementForceHessian } from './elementForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * Force and 3×3 Hessian block of one linear spring E = k/2 (l − l₀)² with respect to one of its ends, plus its
 * axial damping; accumulated into the vertex's (f_i, H_i) of seed 000 Eqs. 3.5–3.8 (springs for rods and chains,
 * seed 000 §3.3 and Table 3.1).
 *
 * With d = x_i − x_j, l = |d|, d̂ = d/l (notes §10 [SUPPLEMENT], re-derived):
 *   f_i = −k (l − l₀) d̂,
 *   H_ii = k [d̂d̂ᵀ + max(0, 1 − l₀/l)(I − d̂d̂ᵀ)].
 * The exact transverse term (1 − l₀/l) is negative when the spring is compressed; it is clamped at 0 so H_ii is
 * positive semidefinite (the usual PSD fix; the fixed point is unchanged).
 * Damping acts on the rate of length change only (a spring does not resist rigid rotation):
 *   f_d = −k_d k (dl/dt) d̂ with dl = d̂·((x_i − x_i^t) − (x_j − x_j^t)), H_d = (k_d/h) k d̂d̂ᵀ.
 * A spring shorter than 1e-12·l₀ has no direction: it adds k·I to the Hessian and no force.
 *
 * @param model            the VBD model (springVertices, springRestLengths, springStiffness, springDamping)
 * @param spring           spring index
 * @param localVertex      0 or 1, which end is i
 * @param positions        #V×3 current positions x [m]
 * @param positionsStart   #V×3 damping reference [m] (damping only): x^t at the start of the substep, or x^t carried
 *                         along with the animation (VbdControls.dampRelativeToTargets)
 * @param inverseTimeStep  1/h [1/s]; 0 turns damping off
 * @param force            3 numbers, f_i [N], accumulated (+=)
 * @param hessian          9 numbers, row-major H_i [N/m], accumulated (+=)
 */
export const evaluateSpringForceHessian: ElementForceHessian = (model, spring, localVertex, positions, positionsStart, inverseTimeStep, force, hessian) => {
  const i = 3 * model.springVertices[2 * spring + localVertex];
  const j = 3 * model.springVertices[2 * spring + 1 - localVertex];
  const x = positions;
  const dx = x[i] - x[j];
  const dy = x[i + 1] - x[j + 1];
  const dz = x[i + 2] - x[j + 2];
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const restLength = model.springRestLengths[spring];
  const k = model.springStiffness[spring];
  if (!(length > 1e-12 * restLength)) {
    hessian[0] += k;
    hessian[4] += k;
    hessian[8] += k;
    return;
  }
  const nx = dx / length;
  const ny = dy / length;
  const nz = dz / length;
  const stretch = k * (length - restLength);
  force[0] -= stretch * nx;
  force[1] -= stretch * ny;
  force[2] -= stretch * nz;
  const transverse = length > restLength ? k * (1 - restLength / length) : 0;
  const axial = k - transverse;
  addAxialBlock(hessian, transverse, axial, nx, ny, nz);

  const damping = model.springDamping[spring];
  if (damping > 0 && inverseTimeStep > 0) {
    const p = positionsStart;
    const rate = nx * (dx - (p[i] - p[j])) + ny * (dy - (p[i + 1] - p[j + 1])) + nz * (dz - (p[i + 2] - p[j + 2]));
    const kh = damping * inverseTimeStep * k;
    force[0] -= kh * rate * nx;
    force[1] -= kh * rate * ny;
    force[2] -= kh * rate * nz;
    addAxialBlock(hessian, 0, kh, nx, ny, nz);
  }
};

/** hessian += isotropic·I + axial·n̂n̂ᵀ (bitwise symmetric). */
function addAxialBlock(hessian: Float64Array, isotropic: number, axial: number, nx: number, ny: number, nz: number): void {
  const ax = axial * nx;
  const ay = axial * ny;
  const h01 = ax * ny;
  const h02 = ax * nz;
  const h12 = ay * nz;
  mat3AddSymmetric(hessian, isotropic + ax * nx, h01, h02, isotropic + ay * ny, h12, isotropic + axial * nz * nz);
}

/**
 * Energy k/2 (l − l₀)² [J] of one spring, the energy whose gradient evaluateSpringForceHessian returns.
 *
 * @param model      the VBD model
 * @param spring     spring index
 * @param positions  #V×3 positions [m]
 * @returns k/2 (l − l₀)² [J], the spring's E_j in seed 000 Eq. 2.6
 */
export function springEnergy(model: VbdModel, spring: number, positions: FloatArray): number {
  const i = 3 * model.springVertices[2 * spring];
  const j = 3 * model.springVertices[2 * spring + 1];
  const length = Math.hypot(positions[i] - positions[j], positions[i + 1] - positions[j + 1], positions[i + 2] - positions[j + 2]);
  const stretch = length - model.springRestLengths[spring];
  return 0.5 * model.springStiffness[spring] * stretch * stretch;
}
