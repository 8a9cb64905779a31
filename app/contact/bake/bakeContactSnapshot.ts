import { bakeContactStats } from './bakeContactStats.ts';
import type { BakeContactSnapshot, BakeContactState, BakeContactStats } from './types.ts';

// What the next frame depends on: the detail transfer's warm rotations and the final check's hold. Everything else the
// contact keeps between frames is a cache whose answers do not depend on it (the box trees are refitted, the search's
// lists are supersets filtered exactly, every detection starts from the positions, the input checks are exact), so a
// bake continued from a snapshot writes the bytes of one that never stopped (test/app/bake/bakeCheckpoint.test.ts).

/**
 * A copy of what the next frame depends on (BakeContact.snapshot).
 *
 * @param state  the bake contact
 * @returns #K×4 rotations and #S held shares, copied
 */
export function bakeContactSnapshot(state: BakeContactState): BakeContactSnapshot {
  return { quaternions: Float64Array.from(state.quaternions), held: Float32Array.from(state.held) };
}

/**
 * Continues from a snapshot (BakeContact.restore): its rotations and hold copied in (null: identity rotations, nothing
 * held), the input checks' caches dropped (nothing of the frames before is read; they would give the same answers),
 * and the statistics replaced by a copy of `saved` (or cleared), keeping the set-up's figures, which are this
 * contact's own whatever the snapshot's statistics say.
 *
 * @param state     the bake contact
 * @param snapshot  a snapshot of the same surface (#K×4 rotations, #S held), or null: from the start
 * @param saved     the statistics to continue with (copied); default: cleared
 */
export function restoreBakeContact(state: BakeContactState, snapshot: BakeContactSnapshot | null, saved?: BakeContactStats): void {
  const { quaternions, held } = state;
  if (snapshot && (snapshot.quaternions.length !== quaternions.length || snapshot.held.length !== held.length)) {
    throw new RangeError('bakeContact.restore: the snapshot is of another surface');
  }
  if (snapshot) {
    quaternions.set(snapshot.quaternions);
    held.set(snapshot.held);
  } else {
    quaternions.fill(0);
    for (let i = 0; i < state.embedded.length; i++) quaternions[4 * i + 3] = 1;
    held.fill(0);
  }
  state.holding = held.some((share) => share > 0);
  state.inputChecks.length = 0;
  state.prefetched.length = 0;
  const fresh: BakeContactStats = saved ? structuredClone(saved) : bakeContactStats(state.setupStats);
  Object.assign(state.stats, fresh, structuredClone(state.setupStats));
}
