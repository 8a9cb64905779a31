/**
 * The renderer's one zustand store, built from typed slices (documentSlice, timelineSlice, uiSlice,
 * bakeSlice, paintSlice, poseSlice, documentLifecycleSlice). zundo's temporal middleware wraps the combined store
 * only, and records just the undoable part (undoable.ts: document settings, layers, pose corrections and
 * `paintStep`, the id of the last paint delta); playhead moves, tool settings and selection never enter the history.
 */
import { temporal } from 'zundo';
import { createStore, useStore } from 'zustand';
import { createBakeSlice } from './bakeSlice.ts';
import { createDocumentLifecycleSlice } from './documentLifecycleSlice.ts';
import { createDocumentSlice } from './documentSlice.ts';
import { createPaintSlice } from './paintSlice.ts';
import { createPoseSlice } from './poseSlice.ts';
import { createTimelineSlice } from './timelineSlice.ts';
import type { OverlapState } from './types.ts';
import { createUiSlice } from './uiSlice.ts';
import { sameUndoableState, undoableState, type UndoableState } from './undoable.ts';

/** Undo steps kept. */
export const UNDO_LIMIT = 200;

export function createOverlapStore() {
  return createStore<OverlapState>()(
    temporal(
      (...a) => ({
        ...createDocumentSlice(...a),
        ...createTimelineSlice(...a),
        ...createUiSlice(...a),
        ...createBakeSlice(...a),
        ...createPaintSlice(...a),
        ...createPoseSlice(...a),
        ...createDocumentLifecycleSlice(...a),
      }),
      {
        partialize: (state): UndoableState => undoableState(state),
        // Without this zundo records every set() (60 per second while playing), not just edits.
        equality: sameUndoableState,
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

export { anyChanged } from './anyChanged.ts';
export { isDirty, UNDOABLE_KEYS, type UndoableState } from './undoable.ts';
export { defaultMeshSettings, MESH_SETTING_RANGES } from './documentSlice.ts';
export { BRUSH_RADIUS_RANGE, DEFAULT_BRUSH } from './paintSlice.ts';
export { DEFAULT_POSE_EASE, POSE_EASE_RANGE, type PoseContactSettings, type PoseCorrectionEdit, type PoseGizmoMode } from './poseSlice.ts';
export type { BrushFalloff, BrushMode, BrushSettings, MirrorMode, PaintChannel, PaintTool } from './paintSlice.ts';
export { FRAME_RATES, frameAt, PREVIEW_FAILED } from './timelineSlice.ts';
export type { AppliedProject, LoadedDocument } from './documentLifecycleSlice.ts';
export {
  bakeFraction,
  effectiveViewMode,
  shownIntersectionFilter,
  DEFAULT_BAKE_SETTINGS,
  DEFAULT_INTERSECTION_FILTER,
  IDLE_JOB,
  INTERSECTIONS_OFF,
  LATTICE_OFF,
  LATTICE_RESOLUTION_RANGE,
} from './bakeSlice.ts';
export type {
  BakedMeshSummary,
  BakedSummary,
  BakeJob,
  BakePanelSettings,
  IntersectionFilter,
  IntersectionStatus,
  LatticeStatus,
  ViewMode,
} from './bakeSlice.ts';
export type * from './types.ts';
export type { PromptRequest } from './uiSlice.ts';
