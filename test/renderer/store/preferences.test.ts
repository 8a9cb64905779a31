// The application's preferences (brush, loop, Pose ease) come back in the next session, through the store's own
// clamping actions, and a damaged entry is ignored rather than breaking the start.
import { describe, expect, it } from 'vitest';
import { createOverlapStore, DEFAULT_BRUSH } from '../../../renderer/store/index.ts';
import { keepPreferences, PREFERENCES_KEY } from '../../../renderer/store/preferences.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
}

describe('preferences', () => {
  it('are stored as they change and applied in the next session', () => {
    const storage = memoryStorage();
    const first = createOverlapStore();
    const stop = keepPreferences(first, storage);
    first.getState().setBrush({ radius: 120, radiusUnit: 'screen', strength: 0.25, falloff: 'linear', mirror: 'positional' });
    first.getState().setLoop(false);
    first.getState().setPoseEase(9);
    first.getState().setMetersPerUnit(0.01); // document data, not a preference
    stop();
    const next = createOverlapStore();
    keepPreferences(next, storage);
    const state = next.getState();
    expect([state.brush.radius, state.brush.strength, state.brush.falloff, state.brush.mirror, state.loop, state.poseEase], 'the same tools').toEqual([
      120,
      0.25,
      'linear',
      'positional',
      false,
      9,
    ]);
    expect(JSON.parse(storage.map.get(PREFERENCES_KEY)!), 'nothing of the document stored').not.toHaveProperty('scene');
  });

  it('go through the store’s limits, and a damaged entry is ignored', () => {
    const clamped = createOverlapStore();
    keepPreferences(
      clamped,
      memoryStorage({ [PREFERENCES_KEY]: JSON.stringify({ brush: { radius: 1e9, strength: 7, falloff: 'spiky' }, loop: 'yes', poseEase: -5 }) }),
    );
    const state = clamped.getState();
    expect([state.brush.radius, state.brush.strength, state.brush.falloff, state.loop, state.poseEase], 'clamped, or the defaults').toEqual([
      400,
      1,
      DEFAULT_BRUSH.falloff,
      true,
      0,
    ]);
    const damaged = createOverlapStore();
    expect(() => keepPreferences(damaged, memoryStorage({ [PREFERENCES_KEY]: '{"brush": ' })), 'a cut entry').not.toThrow();
    expect(damaged.getState().brush, 'the defaults').toEqual(DEFAULT_BRUSH);
  });
});
