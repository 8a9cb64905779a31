import type { FloatArray } from './types.ts';

/**
 * Implicit blending force toward the animation (Li 2019 ch. 4, eq. 4.11 "kin springs"; seed 004 notes §2.6.1): the
 * attachment energy k_i/2 ‖x_i − a_i(t)‖² adds f_i += −k_i (x_i − a_i) and H_i += k_i I to the vertex's local system
 * (seed 000 Eqs. 3.5, 3.6). It is a unary term, so it needs no recoloring. k_i comes from the painted weight,
 * see blendStiffness.ts.
 *
 * @param vertex     vertex index i
 * @param stiffness  k_i [N/m]; 0 adds nothing
 * @param positions  #V×3 current positions x [m]
 * @param targets    #V×3 animated targets a(t) [m]
 * @param force      3 numbers f_i [N], accumulated (+=)
 * @param hessian    9 numbers row-major H_i [N/m], accumulated (+=)
 */
export function accumulateAttachmentForceHessian(
  vertex: number,
  stiffness: number,
  positions: FloatArray,
  targets: Float64Array,
  force: Float64Array,
  hessian: Float64Array,
): void {
  if (stiffness === 0) return;
  const o = 3 * vertex;
  force[0] -= stiffness * (positions[o] - targets[o]);
  force[1] -= stiffness * (positions[o + 1] - targets[o + 1]);
  force[2] -= stiffness * (positions[o + 2] - targets[o + 2]);
  hessian[0] += stiffness;
  hessian[4] += stiffness;
  hessian[8] += stiffness;
}
