/**
 * Keyed pose corrections (issue 12 item 5, the app side): the project's corrections (app/document
 * PoseCorrection: an ARAP edit made with the Pose tool at one frame, eased in and out) and the Pose
 * tool's ease setting. `poseCorrections` is document data: undoable (undoable.ts), saved in the
 * project file and sent with bake requests (projectFile.ts). Corrections are small (the moved
 * vertices' offsets) and are replaced, never mutated, so undo snapshots stay references.
 */
import type { PoseCorrection } from '../../app/document/index.ts';
import type { SliceCreator } from './types.ts';

/** Default frames a new correction eases in over before its frame, and out over after it. */
export const DEFAULT_POSE_EASE = 6;

/** Bounds of the ease setting [frames]. */
export const POSE_EASE_RANGE = [0, 1000] as const;

export interface PoseSlice {
  /** the project's keyed pose corrections, in the order they were made */
  poseCorrections: PoseCorrection[];
  /** ease in and out of the next correction the Pose tool makes [frames] (a preference: not saved, not undoable) */
  poseEase: number;

  /** Adds a correction (an undo step); one with the id of an existing one replaces it. */
  addPoseCorrection(correction: PoseCorrection): void;
  /** Deletes a correction (an undo step); unknown ids are ignored. */
  removePoseCorrection(id: string): void;
  setPoseEase(frames: number): void;
}

export const createPoseSlice: SliceCreator<PoseSlice> = (set, get) => ({
  poseCorrections: [],
  poseEase: DEFAULT_POSE_EASE,

  addPoseCorrection(correction) {
    if (!Number.isFinite(correction.frame) || correction.vertices.length === 0 || correction.offsets.length !== 3 * correction.vertices.length) return;
    const others = get().poseCorrections.filter((other) => other.id !== correction.id);
    set({ poseCorrections: [...others, correction] });
  },
  removePoseCorrection(id) {
    if (!get().poseCorrections.some((correction) => correction.id === id)) return;
    set({ poseCorrections: get().poseCorrections.filter((correction) => correction.id !== id) });
  },
  setPoseEase(frames) {
    if (!Number.isFinite(frames)) return;
    set({ poseEase: Math.min(POSE_EASE_RANGE[1], Math.max(POSE_EASE_RANGE[0], frames)) });
  },
});
