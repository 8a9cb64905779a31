/**
 * The open document: where it came from, what it contains (summaries only), and its authoring
 * settings: per-mesh physics (role, material, solver), scene units and whether the input is embedded
 * in the saved project. Loading a document is a cross-slice action (documentLifecycleSlice.ts)
 * because it also resets the timeline, the selection and every setting of the previous document.
 */
import type { MeshRole } from '../../app/document/index.ts';
import type { ClipSummary, MeshSettingsEntry, MeshSummary, SliceCreator } from './types.ts';
import type { UndoableState } from './undoable.ts';

/** A new mesh's settings: the flesh preset and the engine's defaults. */
export function defaultMeshSettings(role: MeshRole = 'simulated'): MeshSettingsEntry {
  return { role, preset: 'flesh', gravity: false, backstop: null };
}

/** Bounds the physics panel and the store accept, per numeric field (the engine accepts these and more). */
export const MESH_SETTING_RANGES = {
  youngsModulus: [1, 1e10],
  poissonRatio: [0, 0.49],
  density: [1, 1e5],
  damping: [0, 1],
  attachmentStiffness: [0, 1e7],
  substeps: [1, 64],
  iterations: [1, 200],
  latticeResolution: [2, 64],
} as const;

export interface DocumentSlice {
  /** key of the loaded scene in renderer/document/sceneRegistry.ts; null before the first load */
  documentId: number | null;
  /** the glTF file: display name, in Electron its absolute path, and its SHA-256 (app/document sourceDigest) once known */
  source: { name: string; path: string | null; sha256?: string } | null;
  /** the project file once saved or opened */
  project: { name: string; path: string | null } | null;
  meshes: MeshSummary[];
  clips: ClipSummary[];
  /** partial-support notes from the importer */
  warnings: string[];
  /** per mesh name; replaced (never mutated) on each edit so undo snapshots are cheap references */
  meshSettings: Record<string, MeshSettingsEntry>;
  /** physical size of one unit of the file [m] */
  scene: { metersPerUnit: number };
  /** save the input glTF inside the project file (one file to send around) */
  embedSource: boolean;
  /** the undoable state as last saved or loaded; the document is dirty when it differs */
  savedState: UndoableState | null;
  loading: { name: string } | null;

  setMeshRole(mesh: string, role: MeshRole): void;
  /** Changes a mesh's physics settings; numeric fields are clamped to MESH_SETTING_RANGES, non-finite ones ignored, undefined resets to the preset. */
  setMeshSettings(mesh: string, change: Partial<MeshSettingsEntry>): void;
  setMetersPerUnit(metersPerUnit: number): void;
  setEmbedSource(embed: boolean): void;
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
  scene: { metersPerUnit: 1 },
  embedSource: false,
  savedState: null,
  loading: null,

  setMeshRole(mesh, role) {
    const current = get().meshSettings[mesh];
    if (!current || current.role === role) return;
    set({ meshSettings: { ...get().meshSettings, [mesh]: { ...current, role } } });
  },
  setMeshSettings(mesh, change) {
    const current = get().meshSettings[mesh];
    if (!current) return;
    const next: MeshSettingsEntry = { ...current };
    for (const [key, value] of Object.entries(change) as Array<[keyof MeshSettingsEntry, unknown]>) {
      if (key in MESH_SETTING_RANGES) {
        const [low, high] = MESH_SETTING_RANGES[key as keyof typeof MESH_SETTING_RANGES];
        if (value === undefined) delete (next as unknown as Record<string, unknown>)[key];
        else if (typeof value === 'number' && Number.isFinite(value)) {
          const integer = key === 'substeps' || key === 'iterations' || key === 'latticeResolution';
          (next as unknown as Record<string, unknown>)[key] = Math.min(high, Math.max(low, integer ? Math.round(value) : value));
        }
      } else if (key === 'preset') {
        // A new preset starts from its own material: explicit overrides belonged to the old one.
        next.preset = value as MeshSettingsEntry['preset'];
        delete next.youngsModulus;
        delete next.poissonRatio;
        delete next.density;
        delete next.damping;
      } else if (key === 'backstop') {
        const backstop = value as MeshSettingsEntry['backstop'];
        next.backstop =
          backstop && backstop.radius > 0 && Number.isFinite(backstop.radius) && backstop.distance >= 0 && Number.isFinite(backstop.distance)
            ? { ...backstop }
            : null;
      } else {
        (next as unknown as Record<string, unknown>)[key] = value;
      }
    }
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    set({ meshSettings: { ...get().meshSettings, [mesh]: next } });
  },
  setMetersPerUnit(metersPerUnit) {
    if (!(Number.isFinite(metersPerUnit) && metersPerUnit > 0 && metersPerUnit <= 1e6) || metersPerUnit === get().scene.metersPerUnit) return;
    set({ scene: { metersPerUnit } });
  },
  setEmbedSource(embed) {
    if (embed !== get().embedSource) set({ embedSource: embed });
  },
  setLoading(loading) {
    set({ loading });
  },
});
