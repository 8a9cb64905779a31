import { describe, expect, it } from 'vitest';
import type { BakeProgress } from '../../../app/bake/index.ts';
import { progressThrottle } from '../../../renderer/workers/progressThrottle.ts';

describe('progressThrottle', () => {
  it('passes stage changes and stage ends at once, and other events at most once per interval', () => {
    let now = 0;
    const pass = progressThrottle(100, () => now);
    const event = (stage: BakeProgress['stage'], frame: number, frameCount = 50): BakeProgress => ({ stage, frame, frameCount, etaSeconds: null });
    expect(pass(event('import', 1, 1)), 'first event').toBe(true);
    now = 1;
    expect(pass(event('simulation', 1)), 'a new stage passes at once').toBe(true);
    const passed: number[] = [];
    for (let frame = 2; frame <= 50; frame++) {
      now += 10; // a frame every 10 ms
      if (pass(event('simulation', frame))) passed.push(frame);
    }
    expect(passed.at(-1), 'the last frame of the stage passes').toBe(50);
    expect(passed.length, 'about one in ten frames in between').toBeLessThanOrEqual(6);
    for (let k = 1; k < passed.length - 1; k++) expect(passed[k] - passed[k - 1], 'at least 100 ms apart').toBeGreaterThanOrEqual(10);
    expect(pass(event('export', 0, 1)), 'the next stage passes at once').toBe(true);
  });
});
