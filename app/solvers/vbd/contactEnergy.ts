import { contactActivation } from './contactActivation.ts';
import { contactGeometry, GEOMETRY } from './contactGeometry.ts';
import { contactSlip } from './contactSlip.ts';
import { CONTACT_KIND, type FloatArray, type VbdContactData } from './types.ts';

const geometry = new Float64Array(GEOMETRY.size);
const slip = new Float64Array(3);
const activation = new Float64Array(3);

/**
 * Energy of one OGC contact at the current positions, the potential whose gradient evaluateContactForceHessian
 * returns (seed 000 Eqs. 5.15, 5.17 and 3.10–3.12): the activation g(d) (times the parallel-edge mollifier, whose own
 * gradient the force neglects), plus IPC's lagged friction potential μλ f₀(‖u‖) with u the tangential relative
 * displacement since the substep start in the plane lagged at detection, f₀(y) = −y³/(3ε²) + y²/ε + ε/3 below
 * ε = ε_v h and y above (f₀′ = f₁), and λ = −g′(d) now while the contact pushes (as the force takes it); a pointTarget
 * contributes k/2‖x − t‖². The local line search (vertexLocalEnergy) adds these for the contacts in a vertex's list.
 *
 * @param data            contact data
 * @param contact         contact index
 * @param positions       #V×3 current simulation positions [m]
 * @param positionsStart  #V×3 positions at the start of the substep [m]
 * @param timeStep        substep length h [s]
 * @returns the energy [J]
 */
export function contactEnergy(data: VbdContactData, contact: number, positions: FloatArray, positionsStart: Float64Array, timeStep: number): number {
  const slots = contactGeometry(data, contact, positions, geometry);
  const distance = geometry[GEOMETRY.distance];
  if (data.contactKinds[contact] === CONTACT_KIND.pointTarget) return 0.5 * data.stiffness * distance * distance;
  const mollifier = geometry[GEOMETRY.mollifier];
  contactActivation(distance, data.radius, data.stiffness, activation);
  let energy = activation[0] * mollifier;
  const lambda = activation[1] < 0 ? -activation[1] * mollifier : data.contactNormalForces[contact];
  if (data.friction > 0 && lambda > 0) {
    const u = contactSlip(data, contact, slots, geometry, positionsStart, slip);
    const epsilon = data.frictionVelocity * timeStep;
    const f0 = u >= epsilon ? u : (-u * u * u) / (3 * epsilon * epsilon) + (u * u) / epsilon + epsilon / 3;
    energy += data.friction * lambda * f0;
  }
  return energy;
}
