import type { FrameIntersections } from '../../intersection/index.ts';
import { findInputCheck, inputCheckKey } from './inputCheckCache.ts';
import { timedCheck } from './timedCheck.ts';
import type { BakeContactState, InputCheck } from './types.ts';

/**
 * The exact check of an input frame (the surface against itself when self-contact is on, and against each collider;
 * pairs listed, so the output can be checked from it, testing only what moved). The input of a frame is checked up to
 * four times (as the next frame, as this frame, as the next frame's start, in the final check): the last three checks
 * are kept and reused when the same positions come again, and a check prefetched on the pool (prefetchInputCheck) is
 * taken when it has answered.
 *
 * @param state      the bake contact (its cache and stats are updated)
 * @param mesh       #S×3 the input surface [m]
 * @param colliders  each collider's #V×3 positions at the same time [m]
 * @returns the check (mesh 0 the surface, then the colliders; listPairs on)
 */
export function inputCheck(state: BakeContactState, mesh: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): FrameIntersections {
  const cached = findInputCheck(state.inputChecks, mesh, colliders);
  if (cached >= 0) return state.inputChecks[cached].result!;
  const ahead = findInputCheck(state.prefetched, mesh, colliders);
  if (ahead >= 0 && state.prefetched[ahead].result) {
    // Checked on the pool (the same exact checker: the same answer as here).
    const [entry] = state.prefetched.splice(ahead, 1);
    keep(state, entry);
    state.stats.pooledChecks++;
    return entry.result!;
  }
  // With its pairs listed: the output of the frame is checked against it (`since`), testing only what moved.
  const result = timedCheck(state, state.checker, [mesh, ...colliders], { ...state.checkOptions, listPairs: true });
  keep(state, { positions: inputCheckKey(mesh, colliders), result, done: null });
  return result;
}

function keep(state: BakeContactState, entry: InputCheck): void {
  state.inputChecks.unshift(entry);
  // Three: this frame's end, the next frame's and (for the untangling's `since`) this frame's start.
  if (state.inputChecks.length > 3) state.inputChecks.pop();
}
