/**
 * The application's preferences: what the user sets once and expects again in the next document and the next session
 * (as a Maya tool's options or Blender's preferences), kept in the browser's localStorage (Electron's too): the brush
 * (mode, value, radius and its unit, strength, falloff, mirror), whether playback loops, and the ease the Pose tool
 * gives a new correction. Everything else a document opens with is the document's own (saved in its project) or
 * reset for it (documentLifecycleSlice's PER_DOCUMENT_STATE); docs/app.md lists which is which.
 *
 * Stored values go back through the store's own actions, which clamp and validate them, so a damaged or old entry can
 * never put the store in a state the UI cannot show.
 */
import type { OverlapStore } from './index.ts';
import type { BrushSettings } from './paintSlice.ts';

/** localStorage key; a new version of the shape gets a new key rather than misreading the old one. */
export const PREFERENCES_KEY = 'overlap.preferences.v1';

export interface Preferences {
  brush: BrushSettings;
  loop: boolean;
  poseEase: number;
}

/** The minimum of Web Storage this needs (tests hand in a Map-backed one). */
export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Applies the stored preferences to the store, then keeps them stored as they change.
 * @returns a function that stops storing them
 */
export function keepPreferences(store: OverlapStore, storage: PreferenceStorage | null): () => void {
  if (!storage) return () => undefined;
  let stored: Partial<Preferences> = {};
  try {
    const text = storage.getItem(PREFERENCES_KEY);
    if (text) stored = JSON.parse(text) as Partial<Preferences>;
  } catch {
    stored = {};
  }
  const state = store.getState();
  const brush = stored.brush;
  if (brush && typeof brush === 'object') {
    const modes = ['add', 'subtract', 'smooth', 'set'];
    const falloffs = ['smooth', 'linear', 'sharp', 'constant'];
    const mirrors = ['off', 'positional', 'topological'];
    state.setBrush({
      ...(modes.includes(brush.mode) ? { mode: brush.mode } : {}),
      ...(typeof brush.weight === 'number' ? { weight: brush.weight } : {}),
      ...(typeof brush.distance === 'number' ? { distance: brush.distance } : {}),
      ...(brush.radiusUnit === 'screen' || brush.radiusUnit === 'world' ? { radiusUnit: brush.radiusUnit } : {}),
      ...(typeof brush.radius === 'number' ? { radius: brush.radius } : {}),
      ...(typeof brush.strength === 'number' ? { strength: brush.strength } : {}),
      ...(falloffs.includes(brush.falloff) ? { falloff: brush.falloff } : {}),
      ...(mirrors.includes(brush.mirror) ? { mirror: brush.mirror } : {}),
      ...(brush.mirrorAxis === 0 || brush.mirrorAxis === 1 || brush.mirrorAxis === 2 ? { mirrorAxis: brush.mirrorAxis } : {}),
    });
  }
  if (typeof stored.loop === 'boolean') state.setLoop(stored.loop);
  if (typeof stored.poseEase === 'number') state.setPoseEase(stored.poseEase);
  const current = (): Preferences => {
    const { brush: b, loop, poseEase } = store.getState();
    return { brush: b, loop, poseEase };
  };
  let last = JSON.stringify(current());
  return store.subscribe((next, previous) => {
    if (next.brush === previous.brush && next.loop === previous.loop && next.poseEase === previous.poseEase) return;
    const text = JSON.stringify(current());
    if (text === last) return;
    last = text;
    try {
      storage.setItem(PREFERENCES_KEY, text);
    } catch {
      // Storage full or refused (a private window): the preference lasts this session.
    }
  });
}
