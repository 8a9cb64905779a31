/**
 * Types shared by the store's slices. The store holds small, serializable UI and document state:
 * names, counts, settings, the playhead. Geometry, animation data and three.js objects live in
 * renderer/document/sceneRegistry.ts, keyed by `documentId` (big typed arrays never enter the store,
 * so zundo snapshots and React renders stay cheap).
 */
import type { StateCreator } from 'zustand';
import type { MaterialPreset, MeshRole, WeightLayerKey } from '../../app/document/index.ts';
import type { DocumentSlice } from './documentSlice.ts';
import type { TimelineSlice } from './timelineSlice.ts';
import type { UiSlice } from './uiSlice.ts';
import type { DocumentLifecycleSlice } from './documentLifecycleSlice.ts';
import type { BakeSlice } from './bakeSlice.ts';
import type { PaintSlice } from './paintSlice.ts';
import type { PoseSlice } from './poseSlice.ts';

/** One mesh node as the outliner lists it (same fields as `overlap inspect --json`). */
export interface MeshSummary {
  /** node name, else mesh name (unique in the document) */
  name: string;
  renderVertices: number;
  /** welded simulation vertices; null when only three.js loaded the file */
  weldedVertices: number | null;
  triangles: number;
  skinned: boolean;
  morphTargets: number;
}

/** One animation clip. */
export interface ClipSummary {
  name: string;
  /** [s] */
  duration: number;
  channels: number;
  /** the clip's key rate (app/bake clipFrameRate) [frames/s]; absent when only three.js read the file (30 is assumed) */
  frameRate?: number;
}

/**
 * The physics settings of one mesh (app/document MeshSettings as the panel edits them). Fields left
 * undefined take the preset's value (material) or the engine's default (MESH_DEFAULTS, κ = 1000 s⁻²).
 */
export interface MeshSettingsEntry {
  role: MeshRole;
  preset: MaterialPreset;
  /** Young's modulus E [Pa] */
  youngsModulus?: number;
  poissonRatio?: number;
  /** [kg/m³] */
  density?: number;
  /** Rayleigh β [s] */
  damping?: number;
  /** κ [1/s²] */
  attachmentStiffness?: number;
  substeps?: number;
  iterations?: number;
  latticeResolution?: number;
  gravity: boolean;
  /** backstop sphere of the mesh's limited vertices [m], off when null */
  backstop: { radius: number; distance: number } | null;
}

/** A weight layer's metadata (its per-vertex values and mask live in renderer/paint/paintRegistry). */
export interface LayerEntry {
  id: string;
  name: string;
  mesh: string;
  keys: WeightLayerKey[];
  enabled: boolean;
}

/** Which compute backend the app got (kernels/requestComputeBackend), as the status bar shows it. */
export type ComputeStatus =
  | { kind: 'pending' }
  | { kind: 'webgpu'; adapterName: string; isFallbackAdapter: boolean; line: string }
  | { kind: 'cpu'; reason: string; line: string };

/** Result of kernels/skinningSelfTest on the active device. */
export type SelfTestStatus =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; vertexCount: number; maxError: number; milliseconds: number; tolerance: number; passed: boolean }
  | { kind: 'failed'; message: string };

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  text: string;
  /** how many times this text was reported while on screen */
  count: number;
  /** what it is about ('open', 'save', 'export', 'bake', …): the next success of that clears it */
  topic?: string;
}

export type OverlapState = DocumentSlice & TimelineSlice & UiSlice & BakeSlice & PaintSlice & PoseSlice & DocumentLifecycleSlice;

/** Every slice is typed against the whole store, with zundo's mutator (applied once, on the combined store). */
export type SliceCreator<Slice> = StateCreator<OverlapState, [['temporal', unknown]], [], Slice>;
