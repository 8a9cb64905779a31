import type { CarriedState, Gear } from './carriedState.ts';
import { gearOrientation } from './gearOrientation.ts';
import { relativeRotationVector } from './relativeRotationVector.ts';

/**
 * A gear's rotation from the orientation q0 to its orientation in `positions` (gearOrientation), as a world rotation
 * vector.
 *
 * @param state      the carried shells (scratch used by gearOrientation)
 * @param gear       the gear
 * @param positions  #V×3 its mesh's positions
 * @param q0         the orientation turned from (x, y, z, w)
 * @returns a new rotation vector (3) [rad]
 */
export function gearTurn(state: CarriedState, gear: Gear, positions: ArrayLike<number>, q0: ArrayLike<number>): Float64Array {
  return relativeRotationVector(gearOrientation(state, gear, positions, new Float64Array(4)), q0, new Float64Array(4), new Float64Array(3));
}
