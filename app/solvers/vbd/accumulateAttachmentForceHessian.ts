import type { FloatArray } from './types.ts';

/**
 * Implicit blending force toward the animation (Li 2019 ch. 4, eq. 4.11 "kin springs"; seed 004 notes §2.6.1) with
 * its damper: the attachment energy k_i/2 ‖x_i − a_i(t)‖² adds f_i += −k_i (x_i − a_i) and H_i += k_i I to the vertex's
 * local system (seed 000 Eqs. 3.5, 3.6), and the dashpot c_i on the motion relative to the animation, with the
 * velocity written as in seed 000 Eq. 3.8, v_i − ā̇_i ≈ (x_i − r_i)/h where r_i = x_i^t + (a_i(t+h) − a_i(t)) is where
 * the vertex would be had it kept its offset from the animation, adds f_i += −(c_i/h)(x_i − r_i) and H_i += (c_i/h) I.
 * Both are unary terms, so they need no recoloring. k_i and c_i come from the painted weight and the material (see
 * blendStiffness.ts and step's prepareVertexTerms).
 *
 * @param vertex            vertex index i
 * @param stiffness         k_i [N/m]; 0 adds no spring
 * @param dampingOverStep   c_i/h [N/m] (damping coefficient c_i [N·s/m] over the substep h); 0 adds no dashpot
 * @param positions         #V×3 current positions x [m]
 * @param targets           #V×3 animated targets a(t+h) [m]
 * @param dampingReference  #V×3 reference positions r of the dashpot [m]
 * @param force             3 numbers f_i [N], accumulated (+=)
 * @param hessian           9 numbers row-major H_i [N/m], accumulated (+=)
 */
export function accumulateAttachmentForceHessian(
  vertex: number,
  stiffness: number,
  dampingOverStep: number,
  positions: FloatArray,
  targets: Float64Array,
  dampingReference: Float64Array,
  force: Float64Array,
  hessian: Float64Array,
): void {
  const o = 3 * vertex;
  if (stiffness !== 0) {
    force[0] -= stiffness * (positions[o] - targets[o]);
    force[1] -= stiffness * (positions[o + 1] - targets[o + 1]);
    force[2] -= stiffness * (positions[o + 2] - targets[o + 2]);
  }
  if (dampingOverStep !== 0) {
    force[0] -= dampingOverStep * (positions[o] - dampingReference[o]);
    force[1] -= dampingOverStep * (positions[o + 1] - dampingReference[o + 1]);
    force[2] -= dampingOverStep * (positions[o + 2] - dampingReference[o + 2]);
  }
  const k = stiffness + dampingOverStep;
  hessian[0] += k;
  hessian[4] += k;
  hessian[8] += k;
}
