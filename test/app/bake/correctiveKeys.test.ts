// correctiveKeys and posedTime (the baked document's keys, app/bake/document): a bake of part of a clip adds one
// uncorrected key a frame before and after its range, so the correction fades out and the rest plays the input; a
// bake of the whole clip adds none; the pose a key shows is the clip clamped to its end, or, for a loop baked past
// one cycle, the time within the cycle.
import { describe, expect, it } from 'vitest';
import { correctiveKeys, posedTime } from '../../../app/bake/document/correctiveKeys.ts';
import type { BakedDocumentJob } from '../../../app/bake/document/types.ts';

/** The fields correctiveKeys reads: 30 fps, a 1 s clip, frames first..last. */
function job(firstFrame: number, lastFrame: number, repeat = false): BakedDocumentJob {
  const clip = { duration: 1 };
  return {
    settings: { fps: 30, firstFrame, lastFrame },
    clip,
    frameCount: lastFrame - firstFrame + 1,
    sourceRepeat: repeat ? { period: 1, until: lastFrame / 30 } : null,
  } as unknown as BakedDocumentJob;
}

describe('correctiveKeys', () => {
  it('a partial range gets an uncorrected key a frame before and after it', () => {
    const { keys, times, frameTimes } = correctiveKeys(job(6, 12));
    expect(Array.from(keys.frame), 'frame −1 (input) at 5/30 and 13/30, baked frames 0..6 between').toEqual([-1, 0, 1, 2, 3, 4, 5, 6, -1]);
    expect(times[0], 'the lead-in key is a frame before the range').toBeCloseTo(5 / 30, 12);
    expect(times.at(-1), 'the lead-out key is a frame after it').toBeCloseTo(13 / 30, 12);
    expect(Array.from(keys.times), 'the float32 keys are the times').toEqual(times.map((t) => Math.fround(t)));
    expect(frameTimes, 'each baked frame shows the clip at its own time').toEqual(Array.from({ length: 7 }, (_, f) => (6 + f) / 30));
  });

  it('the whole clip gets no extra key', () => {
    const { keys } = correctiveKeys(job(0, 30));
    expect(keys.frame.length, '31 baked frames, no lead-in (frame 0) nor lead-out (31/30 s is past the clip)').toBe(31);
    expect(Math.min(...keys.frame), 'every key shows a baked frame').toBe(0);
  });
});

describe('posedTime', () => {
  it('clamps to the clip without a repeat and wraps into the cycle with one', () => {
    expect(posedTime(job(0, 45), 1.25), 'clamped to the end').toBe(1);
    expect(posedTime(job(0, 45), -0.5), 'clamped to the start').toBe(0);
    expect(posedTime(job(0, 45, true), 1.25), 'a quarter into the second cycle').toBeCloseTo(0.25, 12);
    expect(posedTime(job(0, 60, true), 2), 'a cycle’s end keeps the previous cycle’s last key').toBeCloseTo(1, 12);
  });
});
