/**
 * The part of the store that undo/redo restores and that a save writes: the document's settings, its
 * keyed pose corrections and,
 * through `paintStep`, its painted data (the arrays live in renderer/paint/paintRegistry.ts; undo moves
 * the registry to the step the restored state names, so undo snapshots hold no arrays). Every field
 * is replaced, never mutated, on an edit, so comparing references tells whether anything changed.
 */
import type { OverlapState } from './types.ts';

export const UNDOABLE_KEYS = [
  'meshSettings',
  'scene',
  'embedSource',
  'bakeSettings',
  'fps',
  'fpsFromClip',
  'layers',
  'poseCorrections',
  'paintStep',
] as const satisfies ReadonlyArray<keyof OverlapState>;

export type UndoableState = Pick<OverlapState, (typeof UNDOABLE_KEYS)[number]>;

export function undoableState(state: UndoableState): UndoableState {
  const picked = {} as Record<string, unknown>;
  for (const key of UNDOABLE_KEYS) picked[key] = state[key];
  return picked as unknown as UndoableState;
}

/** True when the two states hold the very same value (by reference) in every undoable field. */
export function sameUndoableState(a: UndoableState, b: UndoableState): boolean {
  return UNDOABLE_KEYS.every((key) => Object.is(a[key], b[key]));
}

/** True when the document has changes since it was loaded or saved. */
export function isDirty(state: UndoableState & { savedState: UndoableState | null }): boolean {
  return state.savedState !== null && !sameUndoableState(state, state.savedState);
}
