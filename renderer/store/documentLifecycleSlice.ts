/**
 * Cross-slice actions of the document's life: a document was loaded (reset everything that belonged
 * to the previous one: settings, layers, paint, timeline, selection, the last bake; start playing its
 * first clip), a project was applied or saved.
 *
 * "Settings of one document never leak into the next": every document setting is set here from the
 * defaults (or the project), never carried over from the store. So is the per-document state of the workspace
 * (PER_DOCUMENT_STATE: paint mode, tool and channel, the Pose tool's gizmo and contact switches, the selection, what
 * the viewport shows and the camera, the live preview), while the application's preferences (preferences.ts: the
 * brush, loop, the Pose tool's ease) stay as the user left them, across documents and sessions (docs/app.md).
 */
import type { MeshRole, PoseCorrection } from '../../app/document/index.ts';
import { type BakePanelSettings, DEFAULT_BAKE_SETTINGS, DEFAULT_INTERSECTION_FILTER, INTERSECTIONS_OFF, LATTICE_OFF } from './bakeSlice.ts';
import { DEFAULT_POSE_CONTACT } from './poseSlice.ts';
import { defaultMeshSettings } from './documentSlice.ts';
import type { ClipSummary, LayerEntry, MeshSettingsEntry, MeshSummary, SliceCreator } from './types.ts';
import { undoableState } from './undoable.ts';

export interface LoadedDocument {
  documentId: number;
  source: { name: string; path: string | null; sha256?: string };
  meshes: MeshSummary[];
  clips: ClipSummary[];
  warnings: string[];
}

/** What a project sets (app/document OverlapProject as the store holds it). */
export interface AppliedProject {
  meshSettings: Record<string, Partial<MeshSettingsEntry> & { role: MeshRole }>;
  scene: { metersPerUnit: number };
  bakeSettings: Partial<BakePanelSettings>;
  /** null: follow the clip's key rate */
  fps: number | null;
  clip: string | null;
  layers: LayerEntry[];
  /** keyed pose corrections of meshes of this document (absent: none) */
  poseCorrections?: PoseCorrection[];
  embedSource: boolean;
}

/**
 * What a newly opened document starts with, whatever the previous one had: the workspace's per-document state. The
 * camera is framed on the new document too (frameRequest), and the selection is cleared.
 */
export const PER_DOCUMENT_STATE = {
  paintMode: false,
  paintTool: 'brush',
  paintChannel: 'weights',
  poseGizmo: 'translate',
  poseContact: DEFAULT_POSE_CONTACT,
  showWeights: false,
  showDisplacement: false,
  showLattice: false,
  showIntersections: false,
  intersectionFilter: DEFAULT_INTERSECTION_FILTER,
  livePreview: false,
  previewStatus: null,
} as const;

export interface DocumentLifecycleSlice {
  documentLoaded(loaded: LoadedDocument): void;
  /** Applies a project (unknown meshes are ignored) and marks that state as saved (or unsaved, for a recovered autosave). */
  projectApplied(project: { name: string; path: string | null } | null, applied: AppliedProject, options?: { dirty?: boolean }): void;
  projectSaved(project: { name: string; path: string | null }): void;
}

export const createDocumentLifecycleSlice: SliceCreator<DocumentLifecycleSlice> = (set, get) => ({
  documentLoaded(loaded) {
    const meshSettings: Record<string, MeshSettingsEntry> = {};
    for (const mesh of loaded.meshes) meshSettings[mesh.name] = defaultMeshSettings();
    const firstClip = loaded.clips[0];
    set({
      documentId: loaded.documentId,
      source: loaded.source,
      project: null,
      meshes: loaded.meshes,
      clips: loaded.clips,
      warnings: loaded.warnings,
      meshSettings,
      scene: { metersPerUnit: 1 },
      embedSource: false,
      bakeSettings: DEFAULT_BAKE_SETTINGS,
      layers: [],
      activeLayer: null,
      poseCorrections: [],
      paintStep: 0,
      paintRevision: get().paintRevision + 1,
      selectionCount: 0,
      loading: null,
      activeClip: loaded.clips.length > 0 ? 0 : -1,
      clipTime: 0,
      fps: firstClip?.frameRate ?? 30,
      fpsFromClip: true,
      cachedRanges: [],
      playing: loaded.clips.some((clip) => clip.duration > 0) && loaded.clips[0].duration > 0,
      selectedMesh: null,
      frameRequest: get().frameRequest + 1,
      // The last bake belonged to the previous document.
      baked: null,
      viewMode: 'input',
      lattice: LATTICE_OFF,
      intersections: INTERSECTIONS_OFF,
      ...PER_DOCUMENT_STATE,
    });
    set({ savedState: undoableState(get()) });
  },
  projectApplied(project, applied, options = {}) {
    const meshSettings: Record<string, MeshSettingsEntry> = { ...get().meshSettings };
    for (const [name, settings] of Object.entries(applied.meshSettings)) {
      if (meshSettings[name]) meshSettings[name] = { ...defaultMeshSettings(settings.role), ...settings };
    }
    set({
      project,
      meshSettings,
      scene: applied.scene,
      embedSource: applied.embedSource,
      bakeSettings: { ...DEFAULT_BAKE_SETTINGS, ...applied.bakeSettings },
      layers: applied.layers,
      activeLayer: null,
      poseCorrections: applied.poseCorrections ?? [],
    });
    const clipIndex = applied.clip ? get().clips.findIndex((clip) => clip.name === applied.clip) : -1;
    if (clipIndex >= 0) get().setActiveClip(clipIndex);
    if (applied.fps !== null) get().setFps(applied.fps);
    else get().setFpsFromClip();
    if (!options.dirty) set({ savedState: undoableState(get()) });
  },
  projectSaved(project) {
    set({ project, savedState: undoableState(get()) });
  },
});
