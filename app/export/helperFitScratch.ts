import type { HelperBoneFitState } from './helperBoneFitState.ts';

/** The scratch part of a HelperBoneFitState (its fields documented there). */
export type HelperFitScratch = Pick<
  HelperBoneFitState,
  'rotated' | 'pointWeight' | 'sources' | 'goals' | 'covariance' | 'rotation' | 'quaternion' | 'gram' | 'gradient'
>;

/**
 * The scratch helperTransformStep and helperWeightStep write into, sized for the largest absorption problem: the
 * rotated point, one helper's absolute-orientation problem (point weights, sources, goals, covariance, rotation,
 * quaternion) and one vertex's Gram system over at most 4 candidates.
 *
 * @param largestUse  the most vertices any one helper is a candidate of
 * @returns zeroed arrays: rotated 3, pointWeight largestUse, sources and goals largestUse×3, covariance and rotation 9,
 *          quaternion 4, gram 16, gradient 4
 */
export function helperFitScratch(largestUse: number): HelperFitScratch {
  return {
    rotated: new Float64Array(3),
    pointWeight: new Float64Array(largestUse),
    sources: new Float64Array(3 * largestUse),
    goals: new Float64Array(3 * largestUse),
    covariance: new Float64Array(9),
    rotation: new Float64Array(9),
    quaternion: new Float64Array(4),
    gram: new Float64Array(16),
    gradient: new Float64Array(4),
  };
}
