/**
 * `window.__overlap`: a read-mostly view of the app for end-to-end tests and for users debugging
 * in DevTools. Getters read the store live; the few setters go through the store's own actions.
 */
import type { Commands } from './commands.ts';
import { backendDebugEntries } from './debug/backendDebugEntries.ts';
import { bakeDebugEntries } from './debug/bakeDebugEntries.ts';
import { paintDebugEntries } from './debug/paintDebugEntries.ts';
import { poseDebugEntries } from './debug/poseDebugEntries.ts';
import { sceneDebugEntries } from './debug/sceneDebugEntries.ts';
import { screenDebugEntries } from './debug/screenDebugEntries.ts';
import type { PoseEditor } from './pose/poseEditor.ts';
import type { OverlapStore, ViewMode } from './store/index.ts';

export interface OverlapDebugHandle {
  readonly backend: 'pending' | 'webgpu' | 'cpu';
  /** the WebGPU adapter's name, or null on the CPU */
  readonly adapterName: string | null;
  /** the status bar's backend line */
  readonly backendLine: string;
  readonly skinningSelfTest: { vertexCount: number; maxError: number; milliseconds: number; tolerance: number; passed: boolean } | { error: string } | null;
  readonly clipTime: number;
  readonly playing: boolean;
  readonly clipName: string | null;
  readonly documentName: string | null;
  readonly loading: boolean;
  readonly meshes: string[];
  readonly clips: string[];
  /** frames the viewport has rendered */
  readonly renderedFrames: number;
  /** set when the built-in sample (or the first document) has been shown */
  readonly ready: boolean;
  /** the running bake, or null */
  readonly bake: { stage: string | null; frame: number; frameCount: number; etaSeconds: number | null; cancelling: boolean } | null;
  /** the last finished bake of this document, or null */
  readonly baked: { bakeId: number; clip: string; frames: [number, number]; fps: number; outputBytes: number; maxDisplacement: number } | null;
  /** what the viewport shows */
  readonly viewMode: ViewMode;
  /** the live preview: on, the cached frame ranges, its status line */
  readonly livePreview: { on: boolean; cachedRanges: Array<[number, number]>; status: string | null };
  /** a simulated mesh's render positions at a clip frame: from the live preview's cache, or from the last bake */
  previewPositions(mesh: string, frame: number): number[] | null;
  bakedPositions(mesh: string, frame: number): number[] | null;
  /** the lattice overlay: its state, and the edges and points drawn */
  readonly lattice: { kind: string; tetCount: number | null; edges: number; points: number };
  /** the intersection overlay: its state, its counts of intersecting triangles, and the triangles drawn on the input and the output */
  readonly intersections: {
    kind: string;
    frame: number | null;
    input: number | null;
    output: number | null;
    added: number | null;
    drawnInput: number;
    drawnOutput: number;
  };
  /** the store's data (no actions) as JSON, for checking that something left it unchanged */
  storeSnapshot(): string;
  setClipTime(time: number): void;
  setPlaying(playing: boolean): void;
  /** asks the viewport to draw one more frame (it draws on demand) */
  requestRedraw(): void;
  /** the weights the heat map shows for a mesh at the current frame (the engine default before painting), per welded vertex */
  weights(mesh: string): number[] | null;
  /** the painted base weights, or null while unpainted */
  paintedWeights(mesh: string): number[] | null;
  /** max distance per welded vertex [m] (null entries: no limit), or null without limits */
  maxDistances(mesh: string): Array<number | null> | null;
  /** the weight layers of a mesh with their painted values and masks, by id */
  layerArrays(mesh: string): Record<string, { values: number[]; mask: number[] }>;
  /** dismisses every notice on screen */
  dismissNotices(): void;
  /** welded vertices bound mostly to a bone (by name), with its child bones when asked */
  boneVertices(mesh: string, bone: string, descendants: boolean): number[];
  /** bones of a mesh's skin */
  bones(mesh: string): string[];
  /** window (CSS pixel) position of the centroid of welded vertices at the current frame, or null when behind the camera */
  screenPosition(mesh: string, vertices: number[]): { x: number; y: number } | null;
  /** the window (CSS pixel) rectangle around every welded vertex of the meshes (all: null) at the current frame, and the canvas's */
  screenBounds(
    meshes: string[] | null,
  ): { left: number; top: number; right: number; bottom: number; canvas: { left: number; top: number; right: number; bottom: number } } | null;
  /** brush timings [ms]: per sample (pointer event → heat written) and per frame (→ rendered) */
  readonly paintStats: { samples: number[]; frames: number[]; handler: number[]; nextFrame: number[] };
  resetPaintStats(): void;
  /** the document's keyed pose corrections (what the timeline marks) */
  readonly poseCorrections: Array<{ id: string; mesh: string; frame: number; easeIn: number; easeOut: number; vertexCount: number }>;
  /**
   * A Pose-tool drag as the gizmo makes it: selects `vertices` of `mesh`, presses the handle, moves it to
   * `translation` [scene units] and, if given, turns it by the unit quaternion `rotation` (x, y, z, w) about the
   * selection's centroid, in `steps` drag events, releases it; resolves with the keyed correction's id, or null
   */
  poseDrag(
    mesh: string,
    vertices: number[],
    translation: [number, number, number],
    steps?: number,
    rotation?: [number, number, number, number],
  ): Promise<string | null>;
  /** how the last Pose-tool release ended (new intersections left, vertices reverted, ms per drag event), or null */
  readonly poseLastEnd: { intersections: number; reverted: number; dragMilliseconds: number[] } | null;
  /** replaces a mesh's vertex selection (what the Select and Box tools set) */
  selectVertices(mesh: string, vertices: number[]): void;
  /** the welded positions the viewport draws for a mesh in place of its own (corrections applied), or null when it draws its own */
  shownPosePositions(mesh: string): number[] | null;
  /** the welded input positions of a mesh at the current frame, without corrections */
  inputPositions(mesh: string): number[] | null;
  /** the pose corrections a bake started now would send (BakeRequestOptions.project), as ids */
  bakeRequestCorrections(): string[];
  /** writes the crash-recovery autosave now (the timer does it every minute); true when it wrote */
  autosaveNow(): Promise<boolean>;
}

/** The intersection of a tuple of types: what an object with every part's entries has. */
type AllOf<Parts extends object[]> = Parts extends [infer First, ...infer Rest extends object[]] ? First & AllOf<Rest> : unknown;

/**
 * One object with every part's entries. The parts' property descriptors are copied, not their values, so a getter
 * stays a getter that reads the store live (a spread would read each once, here).
 */
function withEntries<Parts extends object[]>(...parts: Parts): AllOf<Parts> {
  const handle = {};
  for (const part of parts) Object.defineProperties(handle, Object.getOwnPropertyDescriptors(part));
  return handle as AllOf<Parts>;
}

/**
 * Installs `target.__overlap`, built from one group of entries per concern (renderer/debug/): the compute backend,
 * the scene and viewport, the bake and live preview, painting, screen positions, and the Pose tool.
 */
export function installDebugHandle(
  target: { __overlap?: OverlapDebugHandle },
  store: OverlapStore,
  readiness: { ready: boolean },
  extra: { autosaveNow(): Promise<boolean>; commands?: Commands; poseEditor?: PoseEditor } = { autosaveNow: async () => false },
): void {
  target.__overlap = withEntries(
    backendDebugEntries(store),
    sceneDebugEntries(store, readiness),
    bakeDebugEntries(store, extra),
    paintDebugEntries(store),
    screenDebugEntries(store),
    poseDebugEntries(store, extra),
  );
}
