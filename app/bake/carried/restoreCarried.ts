import { GEAR_STATE, type CarriedState } from './carriedState.ts';
import { gearState } from './gearState.ts';

/**
 * Continues one simulated mesh's gear from carriedSnapshot of carried shells built the same way.
 *
 * @param state  the carried shells; `started` and the mesh's gear state written
 * @param mesh   simulated mesh index
 * @param saved  carriedSnapshot(…, mesh)
 * @throws Error when the snapshot's length does not fit the mesh's gear
 */
export function restoreCarried(state: CarriedState, mesh: number, saved: Float64Array): void {
  const own = state.gears.filter((gear) => gear.mesh === mesh);
  if (saved.length !== 1 + own.length * GEAR_STATE)
    throw new Error(`carried shells: a snapshot of ${saved.length} numbers for ${own.length} pieces of gear, expected ${1 + own.length * GEAR_STATE}`);
  state.started = saved[0] === 1;
  own.forEach((gear, i) => gearState(state, gear).set(saved.subarray(1 + i * GEAR_STATE, 1 + (i + 1) * GEAR_STATE)));
}
