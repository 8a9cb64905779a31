/**
 * Types shared by the store's slices. The store holds small, serializable UI and document state:
 * names, counts, settings, the playhead. Geometry, animation data and three.js objects live in
 * renderer/document/sceneRegistry.ts, keyed by `documentId` (big typed arrays never enter the store,
 * so zundo snapshots and React renders stay cheap).
 */
import type { StateCreator } from 'zustand';
import type { MeshRole } from '../../app/document/index.ts';
import type { DocumentSlice } from './documentSlice.ts';
import type { TimelineSlice } from './timelineSlice.ts';
import type { UiSlice } from './uiSlice.ts';
import type { DocumentLifecycleSlice } from './documentLifecycleSlice.ts';
import type { BakeSlice } from './bakeSlice.ts';

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
}

/** The authoring settings of one mesh that undo/redo covers. */
export interface MeshSettingsEntry {
  role: MeshRole;
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
}

export type OverlapState = DocumentSlice & TimelineSlice & UiSlice & BakeSlice & DocumentLifecycleSlice;

/** Every slice is typed against the whole store, with zundo's mutator (applied once, on the combined store). */
export type SliceCreator<Slice> = StateCreator<OverlapState, [['temporal', unknown]], [], Slice>;
