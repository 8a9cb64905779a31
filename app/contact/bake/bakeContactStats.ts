import type { BakeContactState, BakeContactStats } from './types.ts';

/**
 * A bake contact's statistics at the start of a bake: the set-up's figures (copied) and every per-frame list and sum
 * empty. The key order is the report's.
 *
 * @param setup  the figures fixed at set-up (BakeContactState.setupStats)
 * @returns fresh statistics
 */
export function bakeContactStats(setup: BakeContactState['setupStats']): BakeContactStats {
  return {
    ...structuredClone(setup),
    contactsPerFrame: [],
    truncations: 0,
    redetections: 0,
    searches: 0,
    partialSearches: 0,
    framesCorrected: 0,
    inputIntersections: [],
    outputIntersections: [],
    simulatedNewRegions: [],
    newRegions: [],
    inputRegionShare: [],
    untangledPoints: [],
    correctedVertices: [],
    seconds: { proximity: 0, checks: 0, surface: 0 },
    pooledChecks: 0,
  };
}
