import type { Gear } from './carriedState.ts';

/**
 * Where a gear's hinge is in `positions`: the mean of its hinge vertices.
 *
 * @param gear       the gear
 * @param positions  #V×3 its mesh's positions
 * @param out        out: the hinge (3)
 * @returns out
 */
export function gearHinge(gear: Gear, positions: ArrayLike<number>, out: Float64Array): Float64Array {
  out.fill(0);
  for (const v of gear.hinge) for (let c = 0; c < 3; c++) out[c] += positions[3 * v + c] / gear.hinge.length;
  return out;
}
