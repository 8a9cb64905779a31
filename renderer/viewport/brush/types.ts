import type { Camera, Raycaster, Vector2, Vector3 } from 'three';
import type { EditRecorder } from '../../paint/paintDocument.ts';
import type { MeshTools } from '../../paint/paintSession.ts';

/*
 * The paint tools' pointer handling (useBrush in ../PaintLayer.tsx) as plain data plus one function per step of a
 * stroke: pick (brushPick: the ray, the posed picker, the brush's world radius), sample (strokeSample: the brush on the
 * vertices it reaches), show (showSamples: one heat write and one redraw per pointer event), commit (pointerUp: the
 * edit as one undo step), and the other tools (gradientWeights, boxSelection, selectSample, selectMeshAt). The hook
 * only builds BrushContext and registers pointerDown / pointerMove / pointerUp on the canvas.
 */

/** The camera and viewport the brush measures against (react-three-fiber's, the latest render's). */
export interface BrushView {
  camera: Camera;
  /** the canvas size [CSS px] */
  size: { width: number; height: number };
}

/** One stroke of a paint tool, from pointer down to pointer up. */
export interface BrushStroke {
  /** the painted mesh's name */
  mesh: string;
  tools: MeshTools;
  /** the edit being recorded (brush, gradient); null for the selection tools */
  recorder: EditRecorder | null;
  /** where the pointer went down [client px] (start and startDown are the same point) */
  start: Vector2;
  startDown: Vector2;
  /** #V the base weights at pointer down (gradient: each move recomputes from them) */
  baseline?: Float32Array;
  /** the brush radius of the last sample [file units] */
  lastWorldRadius: number;
}

/** What the stroke's steps share: the canvas, the document, three.js scratch, the current stroke, the viewer's hooks. */
export interface BrushContext {
  /** the open document (null: none; nothing is painted) */
  documentId: number | null;
  /** the canvas the pointer events arrive on */
  element: HTMLElement;
  /** the latest camera and viewport (a React ref, updated every render) */
  view: { current: BrushView };
  /** the stroke in progress (a React ref; null between strokes) */
  stroke: { current: BrushStroke | null };
  /** reused by every pick: the ray, its normalized device coordinates, the hit point [file units] */
  raycaster: Raycaster;
  ndc: Vector2;
  hitPoint: Vector3;
  /** asks react-three-fiber for a redraw */
  invalidate: () => void;
  /** switches react-three-fiber's pointer events (its click-to-select raycasts) on or off */
  setEvents: (events: { enabled: boolean }) => void;
}
