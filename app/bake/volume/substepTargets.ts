import type { SubframeInput } from '../meshSimulation.ts';
import type { VolumeState } from './volumeState.ts';

/**
 * The lattice targets of every substep of a frame, from the input at the substeps' own times:
 * ū(t + (s/N)·dt) = lerp(ū(t), ū(t + dt), s/N) + A⁻¹C′ᵀΛ(q̄(t + (s/N)·dt) − lerp(q̄(t), q̄(t + dt), s/N)), the fitter's
 * linear response (tetTargetFitter.linearResponse, seed 004 Eq. 4.1) to the input's departure from the frames'
 * interpolation; the first and last are the fits themselves (state.previousTargets, state.targets).
 *
 * @param state     the simulation, both frames fitted; state.substepArrays (re)allocated to substeps + 1 arrays
 * @param within    the input inside the frame (its start, and the input at a fraction of the frame)
 * @param input     #S×3 the input at the frame's end
 * @param substeps  N
 * @returns N + 1 arrays of #L×3 targets, each its own (a device reads them until the frame's readState)
 */
export function substepTargets(state: VolumeState, within: SubframeInput, input: Float32Array, substeps: number): Float64Array[] {
  const { targets, previousTargets, subframeInput, subframeDelta, subframeResponse } = state;
  if (state.substepArrays.length !== substeps + 1) state.substepArrays = Array.from({ length: substeps + 1 }, () => new Float64Array(targets.length));
  const substepArrays = state.substepArrays;
  substepArrays[0].set(previousTargets);
  substepArrays[substeps].set(targets);
  for (let s = 1; s < substeps; s++) {
    const alpha = s / substeps;
    within.at(alpha, subframeInput);
    for (let k = 0; k < subframeDelta.length; k++) subframeDelta[k] = subframeInput[k] - (within.previous[k] + alpha * (input[k] - within.previous[k]));
    state.fitter.linearResponse(subframeDelta, subframeResponse);
    const out = substepArrays[s];
    for (let k = 0; k < out.length; k++) out[k] = previousTargets[k] + alpha * (targets[k] - previousTargets[k]) + subframeResponse[k];
  }
  return substepArrays;
}
