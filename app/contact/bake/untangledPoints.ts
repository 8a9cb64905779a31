import { ANY_REGION, FAR } from '../../intersection/index.ts';
import { findInputCheck } from './inputCheckCache.ts';
import { timedCheck } from './timedCheck.ts';
import type { BakeContactState } from './types.ts';

/**
 * Untangling, at the start of a frame (the first step call): where the simulated surface holds an intersection its
 * input does not have at this frame (it lagged behind the animation through a pair the input crossed), no contact
 * force can undo it, and OGC's bounds (seed 000 §5.1.9) would freeze it. The corners of the simulated surface's
 * intersecting triangles outside every input region (the input-region rule's new intersections) are marked in
 * `state.untangle`: they are left out of contact with everything inside a region (label ANY_REGION in
 * `state.regions`) and pulled toward the input by the step (OgcContactFrameInputs.untangle, pointTargets).
 * Kinematic points follow the input whatever the step does (their exported surface is the input, the surface
 * guard's weight 0): checked at the input, so only the pairs with a free point are tested again, against the check
 * of the input at the frame's start (the checker's `since`; a full check of the layered character's 12k triangles,
 * 3 000 of its pairs crossing, cost 50–80 ms a frame).
 *
 * @param state  the bake contact after setContactFrame and stepSurfaces (`current` is the contact surface now);
 *               untangleSurface, untangle and regions written
 * @returns the number of untangled points
 */
export function untangledPoints(state: BakeContactState): number {
  const { untangleSurface, untangle, regions, referenceStart, collidersAtStart, frameRegions } = state;
  const S = state.surfaceVertexCount;
  const triangles = state.options.triangles;
  const kinematic = state.ogc.kinematicPoints;
  for (let s = 0; s < S; s++) {
    const source = kinematic[s] === 1 ? referenceStart : state.current;
    untangleSurface[3 * s] = source[3 * s];
    untangleSurface[3 * s + 1] = source[3 * s + 1];
    untangleSurface[3 * s + 2] = source[3 * s + 2];
  }
  const base = findInputCheck(state.inputChecks, referenceStart, collidersAtStart);
  const result = timedCheck(
    state,
    state.checker,
    [untangleSurface, ...collidersAtStart],
    base >= 0
      ? { ...state.checkOptions, since: { positions: [referenceStart, ...collidersAtStart], result: state.inputChecks[base].result! } }
      : state.checkOptions,
  );
  untangle.fill(0);
  const hops = frameRegions ? frameRegions.hops[0] : null;
  for (const t of result.triangles[0]) {
    const a = triangles[3 * t],
      b = triangles[3 * t + 1],
      c = triangles[3 * t + 2];
    if (hops && (hops[a] !== FAR || hops[b] !== FAR || hops[c] !== FAR)) continue;
    untangle[a] = untangle[b] = untangle[c] = 1;
  }
  let count = 0;
  for (let v = 0; v < S; v++) {
    // An untangled point is left out of contact with everything inside a region (ANY_REGION), as before with the
    // input's own.
    regions[v] = untangle[v] === 1 ? ANY_REGION : frameRegions ? frameRegions.labels[0][v] : 0;
    count += untangle[v];
  }
  return count;
}
