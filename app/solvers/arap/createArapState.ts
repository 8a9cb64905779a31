import type { ArapModel } from './types.ts';

/** The plain, copyable state of an ARAP edit. */
export interface ArapState {
  /** #V×3 positions [m] */
  positions: Float64Array;
  /** #K×4 rotation warm starts (x, y, z, w) */
  quaternions: Float64Array;
  /** the rotations have not been fitted yet (the next local step starts cold) */
  coldStart: boolean;
}

/**
 * A state at the model's rest shape (or at the given positions), with identity rotations.
 *
 * @param model      the ARAP model
 * @param positions  optional #V×3 start positions [m] (copied)
 * @returns the state
 */
export function createArapState(model: ArapModel, positions?: ArrayLike<number>): ArapState {
  const quaternions = new Float64Array(4 * model.rotationCount);
  for (let k = 0; k < model.rotationCount; k++) quaternions[4 * k + 3] = 1;
  return { positions: Float64Array.from(positions ?? model.restPositions), quaternions, coldStart: true };
}
