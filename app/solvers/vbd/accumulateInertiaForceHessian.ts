import type { FloatArray } from './types.ts';

/**
 * Inertia term of a vertex's local variational energy, seed 000 Eqs. 3.1, 3.5, 3.6:
 * G_i ∋ m_i/(2h²)‖x_i − y_i‖², so f_i += −(m_i/h²)(x_i − y_i) and H_i += (m_i/h²) I, where y = x^t + h v^t + h² a_ext
 * is the inertia target of Eq. 2.3.
 *
 * @param vertex          vertex index i
 * @param mass            m_i [kg]
 * @param inverseTimeStepSquared  1/h² [1/s²]
 * @param positions       #V×3 current positions x [m]
 * @param inertiaTarget   #V×3 inertia targets y [m]
 * @param force           3 numbers f_i [N], accumulated (+=)
 * @param hessian         9 numbers row-major H_i [N/m], accumulated (+=)
 */
export function accumulateInertiaForceHessian(
  vertex: number,
  mass: number,
  inverseTimeStepSquared: number,
  positions: FloatArray,
  inertiaTarget: Float64Array,
  force: Float64Array,
  hessian: Float64Array,
): void {
  const k = mass * inverseTimeStepSquared;
  const o = 3 * vertex;
  force[0] -= k * (positions[o] - inertiaTarget[o]);
  force[1] -= k * (positions[o + 1] - inertiaTarget[o + 1]);
  force[2] -= k * (positions[o + 2] - inertiaTarget[o + 2]);
  hessian[0] += k;
  hessian[4] += k;
  hessian[8] += k;
}
