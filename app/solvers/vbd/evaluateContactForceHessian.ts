import { contactActivation } from './contactActivation.ts';
import { contactGeometry, GEOMETRY } from './contactGeometry.ts';
import { contactSlip } from './contactSlip.ts';
import { CONTACT_KIND, type FloatArray, type VbdContactData } from './types.ts';

// Scratch (the GPU twin keeps these in registers): the contact's geometry, its tangential slip, activation.
const geometry = new Float64Array(GEOMETRY.size);
const slip = new Float64Array(3);
const activation = new Float64Array(3);
const UNIT = Float64Array.of(1);

/**
 * Force and Hessian of one OGC contact on the point in one of its slots, carried to one simulation vertex with weight w
 * (seed 000 ch. 5): f += w·f_slot, H += w²·H_slot. The per-element function of contact, the shape of the other
 * evaluate*ForceHessian functions, so the vertex solve gathers contact like any element (Algorithm 5 lines 4–6).
 *
 * Normal part (Eqs. 5.1, 5.15, 5.17): E = g(d, r) with d the distance from the vertex-side point to its feature (face
 * interior, edge, vertex, plane) or between the two edges; with unit n from the feature toward the vertex side and the
 * signed slot weight b_k (= ∂d/∂x_k · n: +1 for the vertex, −barycentric for the feature's corners; (1−s, s, −(1−t), −t)
 * for two edges), f_k = −g′(d) b_k n, H_k = g″(d) b_k² n nᵀ. The force is along n, orthogonal to the feature: this is
 * the offset-surface orthogonality OGC is built on. The curvature term g′/d (I − n nᵀ) is dropped (negative: Gauss–
 * Newton, as Warp/Newton do). Near-parallel edges are mollified as IPC does (factor m(c) = c/ε(2 − c/ε) on
 * c = ‖e₀ × e₁‖² < ε = 1e-3‖e₀‖²‖e₁‖², its gradient neglected).
 *
 * Friction (IPC lagged friction with VBD's Hessian, seed 000 Eqs. 3.10–3.13): the relative tangential displacement
 * u = (I − n₀n₀ᵀ) Σ_k b⁰_k (x_k − x_k^t) with the normal n₀ and weights b⁰ lagged at detection and λ = −g′(d) at the
 * current distance (as Warp and Newton do; a λ lagged to the start of the substep gave 10% too little friction on a
 * sliding block, test/app/contact/physics.test.ts), the lagged λ once the pair has left the radius;
 * f_k = −μλ f₁(‖u‖)/‖u‖ b⁰_k u and H_k = μλ f₁(‖u‖)/‖u‖ (b⁰_k)² (I − n₀n₀ᵀ), with f₁(u)/u = (2 − u/(ε_v h))/(ε_v h)
 * below ε_v h and 1/u above (PSD form, notes §2.7).
 *
 * Jacobi-safe Hessian. Vertices of one color are solved at once, each seeing the others' old positions (solveColor;
 * one GPU thread per vertex), and contact, unlike the elements the coloring knows, can couple two vertices of the same
 * color (seed 000 §3.1.9). Each then takes the full step toward a gap the other is closing too: the pair overshoots,
 * and a contact stiffer than the vertices' inertia (a light boundary vertex of a cloth resting on another layer)
 * kept ringing forever, energy injected every substep. So the Hessian each vertex uses is that of a separable
 * majorizer of the contact energy over its color: with a = the contact's coefficients ∂d/∂x per (slot, corner),
 * a aᵀ ≤ diag(|a_e| Σ_{e' of this color} |a_e'|), so each entry adds g″ |a_e| Σ_same |a_e'| n nᵀ instead of g″ a_e² n nᵀ
 * (and likewise for friction). A color pass then decreases the total energy; a vertex alone in its contact, or whose
 * partners have other colors, gets exactly the usual Hessian.
 *
 * @param data            contact data
 * @param contact         contact index
 * @param slot            slot 0..3 of the point the vertex belongs to
 * @param weight          the vertex's weight in that point
 * @param color           the vertex's color (model.vertexColors)
 * @param vertexColors    #V color of each simulation vertex (model.vertexColors)
 * @param positions       #V×3 current simulation positions [m]
 * @param positionsStart  #V×3 positions x^t at the start of the substep [m]
 * @param timeStep        substep length h [s]
 * @param force           3 numbers f [N], accumulated
 * @param hessian         9 numbers H [N/m] row-major, accumulated
 */
export function evaluateContactForceHessian(
  data: VbdContactData,
  contact: number,
  slot: number,
  weight: number,
  color: number,
  vertexColors: ArrayLike<number>,
  positions: FloatArray,
  positionsStart: Float64Array,
  timeStep: number,
  force: Float64Array,
  hessian: Float64Array,
): void {
  const kind = data.contactKinds[contact];
  const o = 4 * contact;
  const slots = contactGeometry(data, contact, positions, geometry);
  if (kind === CONTACT_KIND.pointTarget) {
    // A zero-length spring to the target: f = −k w (x_p − t_p), H = k |w| Σ_same |w′| I (majorized as below).
    const k = data.stiffness;
    const fScale = -k * weight;
    force[0] += fScale * geometry[GEOMETRY.normal];
    force[1] += fScale * geometry[GEOMETRY.normal + 1];
    force[2] += fScale * geometry[GEOMETRY.normal + 2];
    const hScale = k * Math.abs(weight) * sameColorWeight(data, o, 1, UNIT, 0, color, vertexColors);
    hessian[0] += hScale;
    hessian[4] += hScale;
    hessian[8] += hScale;
    return;
  }
  const distance = geometry[GEOMETRY.distance];
  const mollifier = geometry[GEOMETRY.mollifier];
  const nx = geometry[GEOMETRY.normal],
    ny = geometry[GEOMETRY.normal + 1],
    nz = geometry[GEOMETRY.normal + 2];
  const b = geometry[GEOMETRY.weights + slot];
  contactActivation(distance, data.radius, data.stiffness, activation);
  if (activation[1] !== 0 && b !== 0) {
    const fScale = -activation[1] * b * weight * mollifier;
    force[0] += fScale * nx;
    force[1] += fScale * ny;
    force[2] += fScale * nz;
    const hScale = activation[2] * Math.abs(b * weight) * sameColorWeight(data, o, slots, geometry, GEOMETRY.weights, color, vertexColors) * mollifier;
    addOuter(hessian, hScale, nx, ny, nz);
  }

  // Friction: normal, tangent plane and weights lagged at detection; λ from the current distance while the contact
  // pushes (so the friction force is μ times the normal force the solve converges to), the lagged λ otherwise.
  const lambda = activation[1] < 0 ? -activation[1] * mollifier : data.contactNormalForces[contact];
  const b0 = data.contactFrictionWeights[o + slot];
  if (data.friction > 0 && lambda > 0 && b0 !== 0) {
    const u = contactSlip(data, contact, slots, geometry, positionsStart, slip);
    const ux = slip[0],
      uy = slip[1],
      uz = slip[2];
    const mx = data.contactNormals[3 * contact],
      my = data.contactNormals[3 * contact + 1],
      mz = data.contactNormals[3 * contact + 2];
    const epsilon = data.frictionVelocity * timeStep;
    const phi = u >= epsilon ? 1 / u : (2 - u / epsilon) / epsilon;
    const scale = data.friction * lambda * phi;
    const fScale = -scale * b0 * weight;
    force[0] += fScale * ux;
    force[1] += fScale * uy;
    force[2] += fScale * uz;
    const hScale = scale * Math.abs(b0 * weight) * sameColorWeight(data, o, slots, data.contactFrictionWeights, o, color, vertexColors);
    // H += hScale (I − m mᵀ)
    hessian[0] += hScale;
    hessian[4] += hScale;
    hessian[8] += hScale;
    addOuter(hessian, -hScale, mx, my, mz);
  }
}

/**
 * Σ |b_k w_kq| over the (slot k, corner q) entries of a contact whose simulation vertex has the given color: the
 * row sum of the majorizer of |a| |a|ᵀ restricted to one color (see evaluateContactForceHessian).
 */
function sameColorWeight(
  data: VbdContactData,
  o: number,
  slots: number,
  b: ArrayLike<number>,
  bOffset: number,
  color: number,
  vertexColors: ArrayLike<number>,
): number {
  let sum = 0;
  for (let k = 0; k < slots; k++) {
    const point = data.contactPoints[o + k];
    const bk = b[bOffset + k];
    if (point >= data.simulatedPointCount || bk === 0) continue;
    for (let q = 0; q < 4; q++) {
      const w = data.pointWeights[4 * point + q];
      if (w !== 0 && vertexColors[data.pointVertices[4 * point + q]] === color) sum += Math.abs(bk * w);
    }
  }
  return sum;
}

function addOuter(hessian: Float64Array, scale: number, x: number, y: number, z: number): void {
  const sx = scale * x,
    sy = scale * y,
    sz = scale * z;
  hessian[0] += sx * x;
  hessian[1] += sx * y;
  hessian[2] += sx * z;
  hessian[3] += sy * x;
  hessian[4] += sy * y;
  hessian[5] += sy * z;
  hessian[6] += sz * x;
  hessian[7] += sz * y;
  hessian[8] += sz * z;
}
