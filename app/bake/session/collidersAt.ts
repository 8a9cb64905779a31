import { inputTime } from './inputTime.ts';
import type { SessionState } from './sessionState.ts';

/**
 * The colliders over frame index k: state.colliderStart at the input time of k − 1, state.colliderEnd at k's. Shared by
 * every mesh stepping that frame, so evaluated once per frame (state.colliderFrame says which).
 *
 * @param state  the session (colliderStart, colliderEnd, colliderFrame written)
 * @param k      frame index
 */
export function collidersAt(state: SessionState, k: number): void {
  if (state.colliderFrame === k) return;
  const { settings, evaluator } = state;
  state.colliders.forEach((c, i) => {
    evaluator.evaluateSimulationPositions(c.meshIndex, settings.clipIndex, inputTime(settings, state.clip.duration, k - 1), state.colliderStart[i]);
    evaluator.evaluateSimulationPositions(c.meshIndex, settings.clipIndex, inputTime(settings, state.clip.duration, k), state.colliderEnd[i]);
  });
  state.colliderFrame = k;
}
