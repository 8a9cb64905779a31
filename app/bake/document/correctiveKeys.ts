import type { BakedKeys } from '../../export/index.ts';
import type { BakedDocumentJob } from './types.ts';

/** The keys of a corrective or bones export and the input times they show. */
export interface CorrectiveKeys {
  /** the keys written: output times [s] and the baked frame each shows (−1: no correction, the input plays) */
  keys: BakedKeys;
  /** the same output times as numbers [s] (one per key) */
  times: number[];
  /** #F the pose time of each baked frame in the input clip [s] (posedTime of its output time) */
  frameTimes: number[];
}

/**
 * The keys of a corrective or bones export: frame f at f / fps, plus, when the baked range leaves out part of the
 * clip, one key a frame before and after with no correction, so the correction fades out and the rest of the clip
 * plays the input.
 *
 * @param job  the export in progress (settings, clip, frameCount, sourceRepeat)
 */
export function correctiveKeys(job: BakedDocumentJob): CorrectiveKeys {
  const { settings, clip, frameCount } = job;
  const outputTime = (frame: number) => frame / settings.fps;
  const times: number[] = [];
  const shown: number[] = [];
  if (settings.firstFrame > 0) {
    times.push(outputTime(settings.firstFrame - 1));
    shown.push(-1);
  }
  for (let f = 0; f < frameCount; f++) {
    times.push(outputTime(settings.firstFrame + f));
    shown.push(f);
  }
  if (outputTime(settings.lastFrame + 1) <= clip.duration + 1e-6) {
    times.push(outputTime(settings.lastFrame + 1));
    shown.push(-1);
  }
  const keys: BakedKeys = { times: Float32Array.from(times), frame: Int32Array.from(shown) };
  const frameTimes = Array.from({ length: frameCount }, (_, f) => posedTime(job, outputTime(settings.firstFrame + f)));
  return { keys, times, frameTimes };
}

/**
 * The pose the output plays at output time t [s]: the clip at that time, clamped to its end as glTF players do, or,
 * with the keys repeated per cycle (sourceRepeat), the time within the cycle (a cycle's end keeps the previous
 * cycle's last key).
 */
export function posedTime(job: BakedDocumentJob, t: number): number {
  const { clip } = job;
  if (job.sourceRepeat && t > clip.duration) return t - clip.duration * Math.ceil(t / clip.duration - 1 - 1e-9);
  return Math.min(Math.max(t, 0), clip.duration);
}
