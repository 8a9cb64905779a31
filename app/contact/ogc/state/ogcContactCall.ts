import type { OgcContactCall } from '../types.ts';

/**
 * The current call's inputs before any setFrame: #O×3 collider frame start and end (zero), no input reference,
 * regions or untangling, and the call fractions of a first substep.
 *
 * @param O  #O collider points
 */
export function ogcContactCall(O: number): OgcContactCall {
  return {
    obstacleFrameStart: new Float64Array(3 * O),
    obstacleFrameEnd: new Float64Array(3 * O),
    referenceStart: null,
    referenceEnd: null,
    regions: null,
    untangle: null,
    previousFraction: 0,
    fractionNow: 1,
  };
}
