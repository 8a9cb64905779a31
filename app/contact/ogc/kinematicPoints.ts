import { isKinematicPoint } from '../contactTopology.ts';
import type { OgcContactState } from './types.ts';

/**
 * Marks the kinematic surface points for this substep (state.kinematicPoint; collider points stay kinematic): a
 * surface point is kinematic when every simulation vertex it reads (nonzero weight) is pinned, so it moves with the
 * animation and its constant offset only, whatever the step does (pinned vertices are never solved nor truncated).
 * Two kinematic features keep the gap the animation gives them, so a pair of them makes no force the step could use
 * and no bound it could read (their bounds would only limit pinned vertices): such pairs are left out of the search
 * and the tests (seed 000's contact set restricted to pairs the solve can change). The default weights of a character
 * are 0 on most of the body; on the bench's character (level 3) 7 056 of its 12 846 points are kinematic. When a flag
 * changed, the next detection searches anew. Twin: `isKinematic` of kernels/contact/ogcDetection.wgsl (read from the
 * pins there).
 *
 * @param state   the contact
 * @param pinned  #V 1 = the vertex is pinned this substep
 */
export function kinematicPoints(state: OgcContactState, pinned: Uint8Array): void {
  const { S, options, kinematicPoint } = state;
  for (let p = 0; p < S; p++) {
    const kinematic = isKinematicPoint(options.pointVertices, options.pointWeights, pinned, p);
    if (kinematicPoint[p] !== kinematic) {
      kinematicPoint[p] = kinematic;
      state.kinematicChanged = true;
    }
  }
  if (state.kinematicChanged) state.searched = false;
}
