import { newIntersectionRegions, type FrameIntersections, type NewIntersections, type RegionCheck } from '../../intersection/index.ts';
import { mergedCheck } from './mergedCheck.ts';
import { timedCheck } from './timedCheck.ts';
import type { BakeContactState } from './types.ts';

/** The neighbours of a final check (finalContactCheck): what this mesh's output is checked against besides its colliders. */
export interface NeighbourMeasure {
  /** this mesh's welded input at the frame, #S×3 [m] */
  input: ArrayLike<number>;
  /** each neighbour's positions now [m] (NeighbourFrame.now) */
  now: readonly ArrayLike<number>[];
  /** the check of `input` against `now` (listPairs on): the neighbour check of the output starts from it (`since`) */
  base: FrameIntersections;
}

/**
 * The final check's measure of an output (issue 33: new intersection regions, app/intersection
 * newIntersectionRegions): the output's intersecting triangles outside every input region of this frame
 * (`state.checkRegions`), the neighbours' crossings of this mesh merged in (mergedCheck) when there are neighbours.
 *
 * @param state      the bake contact (checkRegions set for this frame)
 * @param check      the check of the output and the colliders (listPairs on)
 * @param output     #S×3 the output surface as checked [m]
 * @param neighbours the neighbours, or null (the measure is then `check` itself)
 * @returns the measured check (mesh 0 the surface, then the colliders, then the neighbours) and its new regions
 */
export function outputNewRegions(
  state: BakeContactState,
  check: FrameIntersections,
  output: ArrayLike<number>,
  neighbours: NeighbourMeasure | null,
): { measured: RegionCheck; added: NewIntersections } {
  let measured: RegionCheck = check;
  if (neighbours) {
    const between = timedCheck(state, state.neighbourChecker!, [output, ...neighbours.now], {
      ...state.neighbourOptions,
      since: { positions: [neighbours.input, ...neighbours.now], result: neighbours.base },
    });
    measured = mergedCheck(check, between, state.colliderCount);
  }
  return { measured, added: newIntersectionRegions(state.topology, state.checkRegions!, measured) };
}
