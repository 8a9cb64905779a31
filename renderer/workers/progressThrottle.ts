/**
 * Thins a bake's progress events to what a progress bar needs. The engine reports every simulated
 * frame (hundreds per second on small meshes); posting each would flood the UI thread with messages
 * and React renders. An event passes when its stage differs from the last passed one, when it
 * finishes its stage (frame = frameCount), or when at least `intervalMs` passed since the last one.
 */
import type { BakeProgress } from '../../app/bake/index.ts';

/**
 * @param intervalMs  least time between two passed events of the same stage [ms]
 * @param now         clock [ms] (performance.now by default; tests pass their own)
 * @returns a predicate: true when the event should be posted
 */
export function progressThrottle(intervalMs: number, now: () => number = () => performance.now()): (progress: BakeProgress) => boolean {
  let lastStage: string | null = null;
  let lastTime = -Infinity;
  return (progress) => {
    const time = now();
    const pass = progress.stage !== lastStage || progress.frame >= progress.frameCount || time - lastTime >= intervalMs;
    if (pass) {
      lastStage = progress.stage;
      lastTime = time;
    }
    return pass;
  };
}
