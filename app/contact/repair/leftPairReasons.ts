import { newIntersectionRegions, type FrameIntersections } from '../../intersection/index.ts';
import type { RepairReasons, SurfaceRepairState } from './types.ts';

/**
 * Why the repair left each of a frame's remaining new pairs, counted by the first reason that holds: a pair with a
 * collider (colliders are not moved); a pair the safe state it started from already had (checked here, new pairs only);
 * else the steps ran out.
 *
 * @param state    the repair (its safe state is the one this frame started from)
 * @param result   the check of the repaired frame (listPairs on)
 * @param left     positions in result.pairList of the pairs left (NewIntersections.pairs)
 * @param reasons  the frame's counts, incremented
 */
export function leftPairReasons(state: SurfaceRepairState, result: FrameIntersections, left: readonly number[], reasons: RepairReasons): void {
  const startCheck = state.checker.check([state.safe, ...state.safeColliders], state.checkOptions);
  const startPairs = new Set<string>();
  for (const i of newIntersectionRegions(state.topology, state.structure, startCheck).pairs) startPairs.add(key(startCheck.pairList, i));
  for (const i of left) {
    if (result.pairList[i] !== 0 || result.pairList[i + 2] !== 0) reasons.collider++;
    else if (startPairs.has(key(result.pairList, i))) reasons.start++;
    else reasons.steps++;
  }
}

function key(list: readonly number[], i: number): string {
  return `${list[i]},${list[i + 1]},${list[i + 2]},${list[i + 3]}`;
}
