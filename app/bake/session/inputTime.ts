import type { ResolvedBakeSettings } from '../bakeSettings.ts';

/**
 * The input time of frame index k: (firstFrame + k) / fps, wrapped into the clip for a loop (a pre-roll before frame 0
 * reads the end of the cycle), clamped to the clip otherwise (a pre-roll before frame 0 holds the first pose).
 *
 * @param settings  the session's settings (firstFrame, fps, loop)
 * @param duration  the clip's length [s]
 * @param k         frame index (−preroll ≤ k, fractional for a substep's time)
 * @returns the clip time [s], in [0, duration]
 */
export function inputTime(settings: ResolvedBakeSettings, duration: number, k: number): number {
  const t = (settings.firstFrame + k) / settings.fps;
  if (settings.loop && duration > 0) return ((t % duration) + duration) % duration;
  return Math.min(Math.max(t, 0), duration);
}
