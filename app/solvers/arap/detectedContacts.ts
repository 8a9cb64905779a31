import { contactPointPositions } from './contactPointPositions.ts';
import type { ReducedArapState } from './reducedArapState.ts';

/**
 * Contact detection on the current reduced pose (seed 004 §3.5.1): the contact points placed on p = Uv and every
 * collider asked for the points within the skin, each contact tagged with its collider's index.
 *
 * @param state  the reduced state: reads p (= Uv, refreshed by the caller); writes pointPositions and detected
 * @returns the deepest penetration among the detected contacts [m] (0: none inside)
 */
export function detectedContacts(state: ReducedArapState): number {
  const { detected } = state;
  contactPointPositions(state.contactPoints, state.p, state.pointPositions);
  detected.count = 0;
  state.colliders.forEach((collider, index) => {
    const first = detected.count;
    collider.detect(state.pointPositions, state.skin, detected);
    for (let c = first; c < detected.count; c++) detected.collider[c] = index;
  });
  let maxPenetration = 0;
  for (let c = 0; c < detected.count; c++) maxPenetration = Math.max(maxPenetration, -detected.distance[c]);
  return maxPenetration;
}
