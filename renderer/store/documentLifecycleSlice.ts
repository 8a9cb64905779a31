/**
 * Cross-slice actions of the document's life: a document was loaded (reset the timeline, the
 * selection and the last bake, start playing its first clip), a project was applied or saved.
 */
import type { MeshRole } from '../../app/document/index.ts';
import { LATTICE_OFF } from './bakeSlice.ts';
import type { ClipSummary, MeshSettingsEntry, MeshSummary, SliceCreator } from './types.ts';

export interface LoadedDocument {
  documentId: number;
  source: { name: string; path: string | null };
  meshes: MeshSummary[];
  clips: ClipSummary[];
  warnings: string[];
}

export interface DocumentLifecycleSlice {
  documentLoaded(loaded: LoadedDocument): void;
  /** Applies a project's per-mesh roles (unknown meshes are ignored) and marks that state as saved. */
  projectApplied(project: { name: string; path: string | null }, roles: Record<string, MeshRole>): void;
  projectSaved(project: { name: string; path: string | null }): void;
}

export const createDocumentLifecycleSlice: SliceCreator<DocumentLifecycleSlice> = (set, get) => ({
  documentLoaded(loaded) {
    const meshSettings: Record<string, MeshSettingsEntry> = {};
    for (const mesh of loaded.meshes) meshSettings[mesh.name] = { role: 'simulated' };
    set({
      documentId: loaded.documentId,
      source: loaded.source,
      project: null,
      meshes: loaded.meshes,
      clips: loaded.clips,
      warnings: loaded.warnings,
      meshSettings,
      savedMeshSettings: meshSettings,
      loading: null,
      activeClip: loaded.clips.length > 0 ? 0 : -1,
      clipTime: 0,
      playing: loaded.clips.some((clip) => clip.duration > 0) && loaded.clips[0].duration > 0,
      selectedMesh: null,
      frameRequest: get().frameRequest + 1,
      // The last bake belonged to the previous document; the lattice overlay stays on and rebuilds.
      baked: null,
      viewMode: 'input',
      lattice: LATTICE_OFF,
    });
  },
  projectApplied(project, roles) {
    const meshSettings: Record<string, MeshSettingsEntry> = { ...get().meshSettings };
    for (const [name, role] of Object.entries(roles)) if (meshSettings[name]) meshSettings[name] = { ...meshSettings[name], role };
    set({ project, meshSettings, savedMeshSettings: meshSettings });
  },
  projectSaved(project) {
    set({ project, savedMeshSettings: get().meshSettings });
  },
});
