import { GEAR_STATE, type CarriedState } from './carriedState.ts';
import { gearState } from './gearState.ts';

/**
 * The state of one simulated mesh's gear, as a copy a session snapshot holds with the mesh's simulation: whether the
 * swings started, then GEAR_STATE numbers per gear of the mesh, in the order of state.gears.
 *
 * @param state  the carried shells
 * @param mesh   simulated mesh index
 * @returns 1 + (the mesh's gear count)·GEAR_STATE numbers (restoreCarried reads them)
 */
export function carriedSnapshot(state: CarriedState, mesh: number): Float64Array {
  const own = state.gears.filter((gear) => gear.mesh === mesh);
  const out = new Float64Array(1 + own.length * GEAR_STATE);
  out[0] = state.started ? 1 : 0;
  own.forEach((gear, i) => out.set(gearState(state, gear), 1 + i * GEAR_STATE));
  return out;
}
