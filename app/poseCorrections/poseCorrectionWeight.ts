import type { PoseCorrection } from '../document/index.ts';

/**
 * How much of a keyed pose correction is on at a frame: 0 before frame − easeIn, a smoothstep 3s² − 2s³ up to 1 at
 * `frame`, 1 through the hold, a smoothstep down to 0 over easeOut (the ease in/out of a corrective shape key keyed
 * 0 → 1 → 0 with flat tangents: continuous with zero slope at every key, so a correction neither pops nor kinks
 * the motion). A disabled correction is always 0.
 *
 * @param correction  the correction (frame, easeIn, hold, easeOut, enabled)
 * @param frame       the frame at the project's frame rate (may be fractional)
 * @returns the weight in [0, 1]
 */
export function poseCorrectionWeight(correction: PoseCorrection, frame: number): number {
  if (correction.enabled === false) return 0;
  const start = correction.frame;
  const end = start + (correction.hold ?? 0);
  if (frame < start) {
    if (!(correction.easeIn > 0) || frame <= start - correction.easeIn) return 0;
    return smoothstep((frame - (start - correction.easeIn)) / correction.easeIn);
  }
  if (frame <= end) return 1;
  if (!(correction.easeOut > 0) || frame >= end + correction.easeOut) return 0;
  return 1 - smoothstep((frame - end) / correction.easeOut);
}

function smoothstep(s: number): number {
  return s * s * (3 - 2 * s);
}
