import { GEOMETRY } from './contactGeometry.ts';
import { contactPointPosition } from './contactPointPosition.ts';
import type { FloatArray, VbdContactData } from './types.ts';

const starts = new Float64Array(12);

/**
 * The tangential slip u of a contact over the substep (seed 000 §5 friction, after IPC's lagged formulation): the
 * displacement of its contact points from x^t, weighted by the friction weights lagged at detection, Σ_k b_k (x_k −
 * x_k^t), minus its component along the lagged normal m. Shared by the friction force (evaluateContactForceHessian)
 * and its potential (contactEnergy), so the two cannot disagree.
 *
 * @param data            the contact data
 * @param contact         contact index
 * @param slots           contact points of this contact (2 to 4)
 * @param geometry        contactGeometry's output for the current positions (GEOMETRY.points)
 * @param positionsStart  #V×3 positions x^t at the start of the substep [m]
 * @param out             3 numbers receiving u [m]
 * @returns ‖u‖ [m]
 */
export function contactSlip(
  data: VbdContactData,
  contact: number,
  slots: number,
  geometry: Float64Array,
  positionsStart: FloatArray,
  out: Float64Array,
): number {
  const o = 4 * contact;
  for (let k = 0; k < slots; k++) contactPointPosition(data, data.contactPoints[o + k], positionsStart, true, starts, 3 * k);
  let ux = 0,
    uy = 0,
    uz = 0;
  for (let k = 0; k < slots; k++) {
    const bk = data.contactFrictionWeights[o + k];
    ux += bk * (geometry[GEOMETRY.points + 3 * k] - starts[3 * k]);
    uy += bk * (geometry[GEOMETRY.points + 3 * k + 1] - starts[3 * k + 1]);
    uz += bk * (geometry[GEOMETRY.points + 3 * k + 2] - starts[3 * k + 2]);
  }
  const mx = data.contactNormals[3 * contact],
    my = data.contactNormals[3 * contact + 1],
    mz = data.contactNormals[3 * contact + 2];
  const along = ux * mx + uy * my + uz * mz;
  out[0] = ux - along * mx;
  out[1] = uy - along * my;
  out[2] = uz - along * mz;
  return Math.sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2]);
}
