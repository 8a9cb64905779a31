import { findInputCheck, inputCheckKey } from './inputCheckCache.ts';
import type { BakeContactState, InputCheck } from './types.ts';

/**
 * Starts the exact check of an input frame on the check pool, so that it runs while the bake simulates; inputCheck
 * takes its answer when the frame is asked for. Does nothing without a pool, or when these positions are kept or
 * already sent. At most 8 prefetched checks wait: a prefetch nobody asked for (the bake stopped, or another frame
 * came) does not pile up. A check the pool fails is dropped, and the frame is checked here when asked for.
 *
 * @param state      the bake contact
 * @param mesh       #S×3 the input surface [m] (copied)
 * @param colliders  each collider's #V×3 positions at the same time [m] (copied)
 */
export function prefetchInputCheck(state: BakeContactState, mesh: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): void {
  const { pooled, prefetched } = state;
  if (!pooled || findInputCheck(state.inputChecks, mesh, colliders) >= 0 || findInputCheck(prefetched, mesh, colliders) >= 0) return;
  const entry: InputCheck = { positions: inputCheckKey(mesh, colliders), result: null, done: null };
  entry.done = pooled.check([mesh, ...colliders], { self: state.checkOptions.self, pairs: state.colliderPairs, listPairs: true }).then(
    (result) => {
      entry.result = result;
    },
    () => {
      // The pool failed: this frame is checked here when it is asked for.
      const at = prefetched.indexOf(entry);
      if (at >= 0) prefetched.splice(at, 1);
    },
  );
  prefetched.push(entry);
  if (prefetched.length > 8) prefetched.shift();
}

/**
 * Waits for the prefetched check of these positions, if one is under way; the wait counts as check time.
 *
 * @param state      the bake contact
 * @param mesh       #S×3 the input surface [m]
 * @param colliders  each collider's #V×3 positions [m]
 */
export async function prefetchedInputReady(state: BakeContactState, mesh: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): Promise<void> {
  const ahead = findInputCheck(state.prefetched, mesh, colliders);
  if (ahead < 0 || state.prefetched[ahead].result) return;
  const start = performance.now();
  await state.prefetched[ahead].done;
  state.stats.seconds.checks += (performance.now() - start) / 1000;
}
