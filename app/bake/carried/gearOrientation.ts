import { rigidAlignment } from '../../embedding/index.ts';
import type { CarriedState, Gear } from './carriedState.ts';

/**
 * The animated orientation of a gear in `positions`: the best rotation of its rest points onto them (Kabsch, uniform
 * weights: rigidAlignment), as a quaternion.
 *
 * @param state      the carried shells (scratch.points and scratch.alignment used)
 * @param gear       the gear
 * @param positions  #V×3 its mesh's positions
 * @param q          out: the quaternion (x, y, z, w)
 * @returns q
 */
export function gearOrientation(state: CarriedState, gear: Gear, positions: ArrayLike<number>, q: Float64Array): Float64Array {
  const { points, alignment } = state.scratch;
  const n = gear.vertices.length;
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) points[3 * i + c] = positions[3 * gear.vertices[i] + c];
  rigidAlignment(gear.restPoints, points, gear.pointWeights, n, alignment);
  q.set(alignment.quaternion);
  return q;
}
