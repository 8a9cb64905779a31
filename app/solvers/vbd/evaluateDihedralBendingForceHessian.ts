import { mat3AddSymmetric } from '../../math/mat3/index.ts';
import type { ElementForceHessian } from './elementForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * Force and Gauss–Newton 3×3 Hessian block of one dihedral bending hinge with respect to one of its four
 * vertices, plus its bending-rate damping; accumulated into the vertex's (f_i, H_i) of seed 000 Eqs. 3.5–3.8.
 *
 * seed 000 Algorithm 5 uses "the bending energy of edge e" without a formula; we use the Warp form (notes §10
 * [SUPPLEMENT]) E = ½ k_e (θ − θ̄)², with the signed dihedral angle θ of the hinge (e0, e1 | o0, o1):
 *   N1 = (o0 − e0) × (o0 − e1),  N2 = (o1 − e1) × (o1 − e0),  ê = (e1 − e0)/|e1 − e0|,
 *   θ = atan2((N2 × N1)·ê, N1·N2)   (0 for a flat hinge, > 0 folding one way, < 0 the other),
 * and the gradients of Bridson, Marino, Fedkiw 2003 (checked against finite differences in the tests):
 *   ∇_o0 θ = |e| N1/|N1|²,  ∇_o1 θ = |e| N2/|N2|²,
 *   ∇_e0 θ = ((o0 − e1)·ê) N1/|N1|² + ((o1 − e1)·ê) N2/|N2|²,
 *   ∇_e1 θ = −((o0 − e0)·ê) N1/|N1|² − ((o1 − e0)·ê) N2/|N2|².
 * f_i = −k_e (θ − θ̄) ∇_iθ. The Hessian block keeps only the Gauss–Newton part k_e ∇_iθ ∇_iθᵀ (PSD); the dropped
 * k_e (θ − θ̄)∇²_ii θ vanishes at the rest angle and only slows convergence far from it, never moves the fixed point.
 * Damping acts on the rate of the angle: f_d = −k_d k_e (dθ/dt) ∇_iθ, dθ = Σ_k ∇_kθ·(x_k − x_k^t), H_d = (k_d/h) k_e ∇_iθ∇_iθᵀ.
 * Hinges with a (nearly) degenerate triangle are skipped.
 *
 * @param model            the VBD model (hingeVertices, hingeRestAngles, hingeStiffness, hingeDamping)
 * @param hinge            hinge index
 * @param localVertex      0..3 in the order e0, e1, o0, o1
 * @param positions        #V×3 current positions x [m]
 * @param positionsStart   #V×3 damping reference [m] (damping only): x^t at the start of the substep, or x^t carried
 *                         along with the animation (VbdControls.dampRelativeToTargets)
 * @param inverseTimeStep  1/h [1/s]; 0 turns damping off
 * @param force            3 numbers, f_i [N], accumulated (+=)
 * @param hessian          9 numbers, row-major H_i [N/m], accumulated (+=)
 */
export const evaluateDihedralBendingForceHessian: ElementForceHessian = (
  model,
  hinge,
  localVertex,
  positions,
  positionsStart,
  inverseTimeStep,
  force,
  hessian,
) => {
  const damping = model.hingeDamping[hinge];
  const withDamping = damping > 0 && inverseTimeStep > 0;
  if (!hingeAngleGradients(model.hingeVertices, hinge, positions, _gradients, withDamping ? 4 : localVertex)) return;
  const g = _gradients;
  const k = model.hingeStiffness[hinge];
  let difference = g[12] - model.hingeRestAngles[hinge];
  if (difference > Math.PI) difference -= 2 * Math.PI;
  else if (difference < -Math.PI) difference += 2 * Math.PI;
  const o = 3 * localVertex;
  const gx = g[o];
  const gy = g[o + 1];
  const gz = g[o + 2];
  let scale = k * difference;
  let curvature = k;
  if (withDamping) {
    const hv = model.hingeVertices;
    let rate = 0;
    for (let q = 0; q < 4; q++) {
      const v = 3 * hv[4 * hinge + q];
      rate +=
        g[3 * q] * (positions[v] - positionsStart[v]) +
        g[3 * q + 1] * (positions[v + 1] - positionsStart[v + 1]) +
        g[3 * q + 2] * (positions[v + 2] - positionsStart[v + 2]);
    }
    const kh = damping * inverseTimeStep * k;
    scale += kh * rate;
    curvature += kh;
  }
  force[0] -= scale * gx;
  force[1] -= scale * gy;
  force[2] -= scale * gz;
  const cx = curvature * gx;
  const cy = curvature * gy;
  const h01 = cx * gy;
  const h02 = cx * gz;
  const h12 = cy * gz;
  mat3AddSymmetric(hessian, cx * gx, h01, h02, cy * gy, h12, curvature * gz * gz);
};

/**
 * Bending energy ½ k_e (θ − θ̄)² [J] of one hinge, the energy whose gradient evaluateDihedralBendingForceHessian
 * returns (0 for a degenerate hinge, which the force skips too).
 *
 * @param model      the VBD model
 * @param hinge      hinge index
 * @param positions  #V×3 positions [m]
 * @returns ½ k_e (θ − θ̄)² [J], the hinge's E_j in seed 000 Eq. 2.6
 */
export function dihedralBendingEnergy(model: VbdModel, hinge: number, positions: FloatArray): number {
  if (!hingeAngleGradients(model.hingeVertices, hinge, positions, _gradients, -1)) return 0;
  let difference = _gradients[12] - model.hingeRestAngles[hinge];
  if (difference > Math.PI) difference -= 2 * Math.PI;
  else if (difference < -Math.PI) difference += 2 * Math.PI;
  return 0.5 * model.hingeStiffness[hinge] * difference * difference;
}

/**
 * Signed dihedral angle θ [rad] of hinge `hinge` (convention above), or NaN for a degenerate hinge.
 *
 * @param hingeVertices  #H×4 vertex indices e0, e1, o0, o1
 * @param hinge          hinge index
 * @param positions      #V×3 positions [m]
 * @returns θ [rad] in (−π, π] (Bridson, Marino & Fedkiw 2003's signed angle, above), NaN when degenerate
 */
export function dihedralAngle(hingeVertices: Uint32Array, hinge: number, positions: ArrayLike<number>): number {
  return hingeAngleGradients(hingeVertices, hinge, positions, _gradients, -1) ? _gradients[12] : Number.NaN;
}

const _gradients = new Float64Array(13);

/**
 * Writes θ into out[12] and ∇θ of local vertex `which` into out[3·which..] (all four when which = 4, none when −1).
 * Returns false for a degenerate hinge (zero-length edge or zero-area triangle).
 */
function hingeAngleGradients(hingeVertices: Uint32Array, hinge: number, x: ArrayLike<number>, out: Float64Array, which: number): boolean {
  const e0 = 3 * hingeVertices[4 * hinge];
  const e1 = 3 * hingeVertices[4 * hinge + 1];
  const o0 = 3 * hingeVertices[4 * hinge + 2];
  const o1 = 3 * hingeVertices[4 * hinge + 3];
  const ex = x[e1] - x[e0];
  const ey = x[e1 + 1] - x[e0 + 1];
  const ez = x[e1 + 2] - x[e0 + 2];
  const length = Math.sqrt(ex * ex + ey * ey + ez * ez);
  // a = o0 − e0, b = o0 − e1, c = o1 − e1, d = o1 − e0
  const ax = x[o0] - x[e0];
  const ay = x[o0 + 1] - x[e0 + 1];
  const az = x[o0 + 2] - x[e0 + 2];
  const bx = x[o0] - x[e1];
  const by = x[o0 + 1] - x[e1 + 1];
  const bz = x[o0 + 2] - x[e1 + 2];
  const cx = x[o1] - x[e1];
  const cy = x[o1 + 1] - x[e1 + 1];
  const cz = x[o1 + 2] - x[e1 + 2];
  const dx = x[o1] - x[e0];
  const dy = x[o1 + 1] - x[e0 + 1];
  const dz = x[o1 + 2] - x[e0 + 2];
  const n1x = ay * bz - az * by;
  const n1y = az * bx - ax * bz;
  const n1z = ax * by - ay * bx;
  const n2x = cy * dz - cz * dy;
  const n2y = cz * dx - cx * dz;
  const n2z = cx * dy - cy * dx;
  const n1s = n1x * n1x + n1y * n1y + n1z * n1z;
  const n2s = n2x * n2x + n2y * n2y + n2z * n2z;
  const l4 = length * length * length * length;
  if (!(length > 0) || !(n1s > 1e-20 * l4) || !(n2s > 1e-20 * l4)) return false;
  const ux = ex / length;
  const uy = ey / length;
  const uz = ez / length;
  // (N2 × N1)·ê and N1·N2
  const sine = (n2y * n1z - n2z * n1y) * ux + (n2z * n1x - n2x * n1z) * uy + (n2x * n1y - n2y * n1x) * uz;
  const cosine = n1x * n2x + n1y * n2y + n1z * n2z;
  out[12] = Math.atan2(sine, cosine);
  if (which < 0) return true;
  const p1x = n1x / n1s;
  const p1y = n1y / n1s;
  const p1z = n1z / n1s;
  const p2x = n2x / n2s;
  const p2y = n2y / n2s;
  const p2z = n2z / n2s;
  if (which === 4 || which === 0) {
    const s1 = bx * ux + by * uy + bz * uz;
    const s2 = cx * ux + cy * uy + cz * uz;
    out[0] = s1 * p1x + s2 * p2x;
    out[1] = s1 * p1y + s2 * p2y;
    out[2] = s1 * p1z + s2 * p2z;
  }
  if (which === 4 || which === 1) {
    const s1 = -(ax * ux + ay * uy + az * uz);
    const s2 = -(dx * ux + dy * uy + dz * uz);
    out[3] = s1 * p1x + s2 * p2x;
    out[4] = s1 * p1y + s2 * p2y;
    out[5] = s1 * p1z + s2 * p2z;
  }
  if (which === 4 || which === 2) {
    out[6] = length * p1x;
    out[7] = length * p1y;
    out[8] = length * p1z;
  }
  if (which === 4 || which === 3) {
    out[9] = length * p2x;
    out[10] = length * p2y;
    out[11] = length * p2z;
  }
  return true;
}
