import { GEAR_STATE, type CarriedState, type Gear } from './carriedState.ts';

/**
 * A gear's GEAR_STATE numbers in the carried state (CarriedState.state's layout), as a view.
 *
 * @param state  the carried shells
 * @param gear   one of state.gears
 * @returns the view (writes reach the state)
 */
export function gearState(state: CarriedState, gear: Gear): Float64Array {
  return state.gearStates.subarray(gear.index * GEAR_STATE, (gear.index + 1) * GEAR_STATE);
}
