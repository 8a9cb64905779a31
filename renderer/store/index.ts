/**
 * The renderer's one zustand store, built from typed slices (documentSlice, timelineSlice, uiSlice,
 * bakeSlice, documentLifecycleSlice). zundo's temporal middleware wraps the combined store only, and records
 * just the undoable part (`meshSettings`); playhead moves and selection never enter the history.
 */
import { temporal } from 'zundo';
import { createStore, useStore } from 'zustand';
import { createBakeSlice } from './bakeSlice.ts';
import { createDocumentLifecycleSlice } from './documentLifecycleSlice.ts';
import { createDocumentSlice } from './documentSlice.ts';
import { createTimelineSlice } from './timelineSlice.ts';
import type { OverlapState } from './types.ts';
import { createUiSlice } from './uiSlice.ts';

/** Undo steps kept. */
export const UNDO_LIMIT = 200;

/** The part of the state undo/redo restores. */
export type UndoableState = Pick<OverlapState, 'meshSettings'>;

export function createOverlapStore() {
  return createStore<OverlapState>()(
    temporal(
      (...a) => ({
        ...createDocumentSlice(...a),
        ...createTimelineSlice(...a),
        ...createUiSlice(...a),
        ...createBakeSlice(...a),
        ...createDocumentLifecycleSlice(...a),
      }),
      {
        partialize: (state): UndoableState => ({ meshSettings: state.meshSettings }),
        // Without this zundo records every set() (60 per second while playing), not just edits.
        equality: (past, current) => past.meshSettings === current.meshSettings,
        limit: UNDO_LIMIT,
      },
    ),
  );
}

export type OverlapStore = ReturnType<typeof createOverlapStore>;

/** The app's store. */
export const overlapStore: OverlapStore = createOverlapStore();

/** React binding: `useOverlap((state) => state.clipTime)`. */
export function useOverlap<T>(selector: (state: OverlapState) => T): T {
  return useStore(overlapStore, selector);
}

/** React binding of the undo history (for enabling Undo/Redo buttons). */
export function useUndoHistory<T>(selector: (history: ReturnType<OverlapStore['temporal']['getState']>) => T): T {
  return useStore(overlapStore.temporal, selector);
}

export { isDirty } from './documentSlice.ts';
export { FRAME_RATES, frameAt } from './timelineSlice.ts';
export type { LoadedDocument } from './documentLifecycleSlice.ts';
export { bakeFraction, effectiveViewMode, DEFAULT_BAKE_SETTINGS, IDLE_JOB, LATTICE_OFF, LATTICE_RESOLUTION_RANGE } from './bakeSlice.ts';
export type { BakedSummary, BakeJob, BakePanelSettings, LatticeStatus, ViewMode } from './bakeSlice.ts';
export type * from './types.ts';
