/**
 * The open document: where it came from, what it contains (summaries only), and the per-mesh
 * authoring settings that undo/redo covers. Loading a document is a cross-slice action
 * (documentLifecycleSlice.ts) because it also resets the timeline and the selection.
 */
import type { MeshRole } from '../../app/document/index.ts';
import type { ClipSummary, MeshSettingsEntry, MeshSummary, SliceCreator } from './types.ts';

export interface DocumentSlice {
  /** key of the loaded scene in renderer/document/sceneRegistry.ts; null before the first load */
  documentId: number | null;
  /** the glTF file: display name and, in Electron, its absolute path */
  source: { name: string; path: string | null } | null;
  /** the project file once saved or opened */
  project: { name: string; path: string | null } | null;
  meshes: MeshSummary[];
  clips: ClipSummary[];
  /** partial-support notes from the importer */
  warnings: string[];
  /** per mesh name; replaced (never mutated) on each edit so undo snapshots are cheap references */
  meshSettings: Record<string, MeshSettingsEntry>;
  /** the `meshSettings` object last saved or loaded; the document is dirty when they differ */
  savedMeshSettings: Record<string, MeshSettingsEntry> | null;
  loading: { name: string } | null;

  setMeshRole(mesh: string, role: MeshRole): void;
  setLoading(loading: { name: string } | null): void;
}

export const createDocumentSlice: SliceCreator<DocumentSlice> = (set, get) => ({
  documentId: null,
  source: null,
  project: null,
  meshes: [],
  clips: [],
  warnings: [],
  meshSettings: {},
  savedMeshSettings: null,
  loading: null,

  setMeshRole(mesh, role) {
    const current = get().meshSettings[mesh];
    if (!current || current.role === role) return;
    set({ meshSettings: { ...get().meshSettings, [mesh]: { ...current, role } } });
  },
  setLoading(loading) {
    set({ loading });
  },
});

/** True when the document has changes since it was loaded or saved. */
export function isDirty(state: Pick<DocumentSlice, 'meshSettings' | 'savedMeshSettings'>): boolean {
  return state.savedMeshSettings !== null && state.meshSettings !== state.savedMeshSettings;
}
