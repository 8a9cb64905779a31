/**
 * Keyed pose corrections (issue 12 item 5, the app side): the project's corrections (app/document
 * PoseCorrection: an ARAP edit made with the Pose tool at one frame, eased in and out; their ease and
 * whether they are on stay editable) and the Pose tool's settings (ease, gizmo mode, contacts). `poseCorrections` is document data: undoable (undoable.ts), saved in the
 * project file and sent with bake requests (projectFile.ts). Corrections are small (the moved
 * vertices' offsets) and are replaced, never mutated, so undo snapshots stay references.
 */
import type { PoseCorrection } from '../../app/document/index.ts';
import type { SliceCreator } from './types.ts';

/** Default frames a new correction eases in over before its frame, and out over after it. */
export const DEFAULT_POSE_EASE = 6;

/** Bounds of the ease setting [frames]. */
export const POSE_EASE_RANGE = [0, 1000] as const;

/** What the Pose tool's gizmo does: move the selection, or turn it about its centroid (W / E, as in DCC tools). */
export type PoseGizmoMode = 'translate' | 'rotate';

/** What a Pose-tool drag must not pass through (per document: reset when a file is opened; not saved, not undoable). */
export interface PoseContactSettings {
  /** the edited mesh itself */
  self: boolean;
  /** the meshes whose role is collider */
  colliders: boolean;
  /** the ground plane y = 0 */
  ground: boolean;
}

/** What of a correction the list and the timeline edit (easeIn/easeOut in frames, clamped to POSE_EASE_RANGE). */
/** What a Pose-tool drag avoids in a newly opened document: itself and the colliders, not the ground. */
export const DEFAULT_POSE_CONTACT: Readonly<PoseContactSettings> = Object.freeze({ self: true, colliders: true, ground: false });

export type PoseCorrectionEdit = Partial<Pick<PoseCorrection, 'easeIn' | 'easeOut' | 'hold' | 'enabled' | 'name'>>;

export interface PoseSlice {
  /** the project's keyed pose corrections, in the order they were made */
  poseCorrections: PoseCorrection[];
  /** ease in and out of the next correction the Pose tool makes [frames] (an application preference: kept across documents and sessions, preferences.ts) */
  poseEase: number;
  poseGizmo: PoseGizmoMode;
  poseContact: PoseContactSettings;

  /** Adds a correction (an undo step); one with the id of an existing one replaces it. */
  addPoseCorrection(correction: PoseCorrection): void;
  /** Deletes a correction (an undo step); unknown ids are ignored. */
  removePoseCorrection(id: string): void;
  /**
   * Changes a correction's ease, hold, name or whether it is on (an undo step; the correction is replaced, not
   * mutated). Unknown ids, non-finite frames and edits that change nothing are ignored.
   */
  updatePoseCorrection(id: string, edit: PoseCorrectionEdit): void;
  setPoseEase(frames: number): void;
  setPoseGizmo(mode: PoseGizmoMode): void;
  setPoseContact(settings: Partial<PoseContactSettings>): void;
}

export const createPoseSlice: SliceCreator<PoseSlice> = (set, get) => ({
  poseCorrections: [],
  poseEase: DEFAULT_POSE_EASE,
  poseGizmo: 'translate',
  poseContact: DEFAULT_POSE_CONTACT,

  addPoseCorrection(correction) {
    if (!Number.isFinite(correction.frame) || correction.vertices.length === 0 || correction.offsets.length !== 3 * correction.vertices.length) return;
    const others = get().poseCorrections.filter((other) => other.id !== correction.id);
    set({ poseCorrections: [...others, correction] });
  },
  removePoseCorrection(id) {
    if (!get().poseCorrections.some((correction) => correction.id === id)) return;
    set({ poseCorrections: get().poseCorrections.filter((correction) => correction.id !== id) });
  },
  updatePoseCorrection(id, edit) {
    const current = get().poseCorrections.find((correction) => correction.id === id);
    if (!current) return;
    const next: PoseCorrection = { ...current };
    const frames = (value: number | undefined): number | undefined =>
      value === undefined || !Number.isFinite(value) ? undefined : Math.min(POSE_EASE_RANGE[1], Math.max(POSE_EASE_RANGE[0], value));
    const easeIn = frames(edit.easeIn);
    const easeOut = frames(edit.easeOut);
    const hold = frames(edit.hold);
    if (easeIn !== undefined) next.easeIn = easeIn;
    if (easeOut !== undefined) next.easeOut = easeOut;
    if (hold !== undefined) next.hold = hold;
    if (edit.enabled !== undefined) {
      if (edit.enabled) delete next.enabled;
      else next.enabled = false;
    }
    if (edit.name !== undefined) next.name = edit.name;
    if (
      next.easeIn === current.easeIn &&
      next.easeOut === current.easeOut &&
      next.hold === current.hold &&
      next.enabled === current.enabled &&
      next.name === current.name
    )
      return;
    set({ poseCorrections: get().poseCorrections.map((correction) => (correction.id === id ? next : correction)) });
  },
  setPoseEase(frames) {
    if (!Number.isFinite(frames)) return;
    set({ poseEase: Math.min(POSE_EASE_RANGE[1], Math.max(POSE_EASE_RANGE[0], frames)) });
  },
  setPoseGizmo(mode) {
    if (mode === 'translate' || mode === 'rotate') set({ poseGizmo: mode });
  },
  setPoseContact(settings) {
    set({ poseContact: { ...get().poseContact, ...settings } });
  },
});
