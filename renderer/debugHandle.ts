/**
 * `window.__overlap`: a read-mostly view of the app for end-to-end tests and for users debugging
 * in DevTools. Getters read the store live; the few setters go through the store's own actions.
 */
import { Vector3 } from 'three';
import type { Commands } from './commands.ts';
import { previewFrameAt } from './document/livePreview.ts';
import { registeredBake } from './document/sceneRegistry.ts';
import { displayWeights } from './paint/paintDocument.ts';
import { bakeRequestOptions } from './document/bakeRequest.ts';
import { paintDocument } from './paint/paintRegistry.ts';
import { boneVertexList, meshBones, paintSession, selectionChanged } from './paint/paintSession.ts';
import type { PoseEditor } from './pose/poseEditor.ts';
import { effectiveViewMode, type OverlapStore, type ViewMode } from './store/index.ts';
import { paintStats } from './viewport/PaintLayer.tsx';
import { poseDisplay } from './viewport/PoseLayer.tsx';
import { viewportCamera } from './viewport/viewportCamera.ts';
import { intersectionStats } from './viewport/IntersectionOverlay.tsx';
import { latticeStats } from './viewport/LatticeOverlay.tsx';
import { renderStats } from './viewport/Viewport.tsx';

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
  readonly intersections: { kind: string; frame: number | null; input: number | null; output: number | null; added: number | null; drawnInput: number; drawnOutput: number };
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
  screenBounds(meshes: string[] | null): { left: number; top: number; right: number; bottom: number; canvas: { left: number; top: number; right: number; bottom: number } } | null;
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
  poseDrag(mesh: string, vertices: number[], translation: [number, number, number], steps?: number, rotation?: [number, number, number, number]): Promise<string | null>;
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

export function installDebugHandle(target: { __overlap?: OverlapDebugHandle }, store: OverlapStore, readiness: { ready: boolean }, extra: { autosaveNow(): Promise<boolean>; commands?: Commands; poseEditor?: PoseEditor } = { autosaveNow: async () => false }): void {
  const state = () => store.getState();
  const tools = (mesh: string) => paintSession(state().documentId)?.tools(mesh) ?? null;
  target.__overlap = {
    get backend() {
      return state().compute.kind;
    },
    get adapterName() {
      const compute = state().compute;
      return compute.kind === 'webgpu' ? compute.adapterName : null;
    },
    get backendLine() {
      const compute = state().compute;
      return compute.kind === 'pending' ? '' : compute.line;
    },
    get skinningSelfTest() {
      const selfTest = state().selfTest;
      if (selfTest.kind === 'done') {
        const { vertexCount, maxError, milliseconds, tolerance, passed } = selfTest;
        return { vertexCount, maxError, milliseconds, tolerance, passed };
      }
      return selfTest.kind === 'failed' ? { error: selfTest.message } : null;
    },
    get clipTime() {
      return state().clipTime;
    },
    get playing() {
      return state().playing;
    },
    get clipName() {
      const { clips, activeClip } = state();
      return clips[activeClip]?.name ?? null;
    },
    get documentName() {
      return state().source?.name ?? null;
    },
    get loading() {
      return state().loading !== null;
    },
    get meshes() {
      return state().meshes.map((mesh) => mesh.name);
    },
    get clips() {
      return state().clips.map((clip) => clip.name);
    },
    get renderedFrames() {
      return renderStats.frames;
    },
    get ready() {
      return readiness.ready;
    },
    get bake() {
      const job = state().bakeJob;
      if (job.kind !== 'running') return null;
      return { stage: job.progress?.stage ?? null, frame: job.progress?.frame ?? 0, frameCount: job.progress?.frameCount ?? 0, etaSeconds: job.progress?.etaSeconds ?? null, cancelling: job.cancelling };
    },
    get baked() {
      const baked = state().baked;
      return baked ? { bakeId: baked.bakeId, clip: baked.clip, frames: baked.frames, fps: baked.fps, outputBytes: baked.outputBytes, maxDisplacement: baked.maxDisplacement } : null;
    },
    get viewMode() {
      return effectiveViewMode(state());
    },
    get livePreview() {
      const { livePreview, cachedRanges, previewStatus } = state();
      return { on: livePreview, cachedRanges: cachedRanges.map(([a, b]) => [a, b] as [number, number]), status: previewStatus };
    },
    previewPositions(mesh, frame) {
      const positions = previewFrameAt(state().documentId, frame)?.meshes.find((entry) => entry.mesh === mesh)?.positions;
      return positions ? Array.from(positions) : null;
    },
    bakedPositions(mesh, frame) {
      const { documentId, baked } = state();
      const entry = registeredBake(documentId, baked?.bakeId ?? null)?.positions?.find((item) => item.mesh === mesh);
      if (!entry || !baked) return null;
      const stride = entry.positions.length / entry.inputTimes.length;
      const k = frame - baked.frames[0];
      return k >= 0 && k < entry.inputTimes.length ? Array.from(entry.positions.subarray(k * stride, (k + 1) * stride)) : null;
    },
    get lattice() {
      const lattice = state().lattice;
      return { kind: lattice.kind, tetCount: lattice.kind === 'ready' ? lattice.tetCount : null, edges: latticeStats.edges, points: latticeStats.points };
    },
    get intersections() {
      const status = state().intersections;
      const ready = status.kind === 'ready' ? status : null;
      return { kind: status.kind, frame: ready?.frame ?? null, input: ready?.input ?? null, output: ready?.output ?? null, added: ready?.added ?? null, drawnInput: intersectionStats.input, drawnOutput: intersectionStats.output };
    },
    storeSnapshot() {
      return JSON.stringify(state(), (_key, value) => (typeof value === 'function' ? undefined : value));
    },
    setClipTime(time: number) {
      state().scrubTo(time);
    },
    setPlaying(playing: boolean) {
      state().setPlaying(playing);
    },
    requestRedraw() {
      renderStats.invalidate();
    },
    weights(mesh) {
      const session = paintSession(state().documentId);
      const made = tools(mesh);
      if (!session || !made) return null;
      const current = state();
      return Array.from(displayWeights(session.paint, made.paint, current.layers, null, current.clipTime * current.fps, new Float32Array(made.paint.vertexCount)));
    },
    paintedWeights(mesh) {
      const base = tools(mesh)?.paint.base;
      return base ? Array.from(base) : null;
    },
    maxDistances(mesh) {
      const limits = tools(mesh)?.paint.maxDistance;
      return limits ? Array.from(limits, (d) => (Number.isFinite(d) ? d : null)) : null;
    },
    layerArrays(mesh) {
      const paint = paintDocument(state().documentId);
      const out: Record<string, { values: number[]; mask: number[] }> = {};
      for (const [id, layer] of paint?.layers ?? []) if (layer.mesh === mesh) out[id] = { values: Array.from(layer.values), mask: Array.from(layer.mask) };
      return out;
    },
    dismissNotices() {
      for (const notice of state().notices) state().dismissNotice(notice.id);
    },
    boneVertices(mesh, bone, descendants) {
      const index = meshBones(state().documentId, mesh).indexOf(bone);
      return index < 0 ? [] : boneVertexList(state().documentId, mesh, index, descendants);
    },
    bones(mesh) {
      return meshBones(state().documentId, mesh);
    },
    screenPosition(mesh, vertices) {
      const made = tools(mesh);
      const session = paintSession(state().documentId);
      const view = viewportCamera.get();
      if (!made || !session || !view || vertices.length === 0) return null;
      made.picker.pose(session.evaluator, state().activeClip >= 0 ? state().activeClip : null, state().clipTime);
      const centroid = new Vector3();
      for (const v of vertices) centroid.add(new Vector3(made.picker.positions[3 * v], made.picker.positions[3 * v + 1], made.picker.positions[3 * v + 2]));
      centroid.divideScalar(vertices.length).project(view.camera);
      if (centroid.z > 1) return null;
      const box = view.element.getBoundingClientRect();
      return { x: box.left + ((centroid.x + 1) / 2) * box.width, y: box.top + ((1 - centroid.y) / 2) * box.height };
    },
    screenBounds(meshes) {
      const session = paintSession(state().documentId);
      const view = viewportCamera.get();
      if (!session || !view) return null;
      const box = view.element.getBoundingClientRect();
      const point = new Vector3();
      let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const mesh of meshes ?? state().meshes.map((entry) => entry.name)) {
        const made = tools(mesh);
        if (!made) continue;
        made.picker.pose(session.evaluator, state().activeClip >= 0 ? state().activeClip : null, state().clipTime);
        for (let v = 0; v < made.picker.positions.length; v += 3) {
          point.set(made.picker.positions[v], made.picker.positions[v + 1], made.picker.positions[v + 2]).project(view.camera);
          const x = box.left + ((point.x + 1) / 2) * box.width;
          const y = box.top + ((1 - point.y) / 2) * box.height;
          [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
        }
      }
      if (!Number.isFinite(left)) return null;
      return { left, top, right, bottom, canvas: { left: box.left, top: box.top, right: box.right, bottom: box.bottom } };
    },
    get paintStats() {
      return { samples: [...paintStats.samples], frames: [...paintStats.frames], handler: [...paintStats.handler], nextFrame: [...paintStats.nextFrame] };
    },
    resetPaintStats() {
      paintStats.samples.length = 0;
      paintStats.frames.length = 0;
      paintStats.handler.length = 0;
      paintStats.nextFrame.length = 0;
    },
    get poseCorrections() {
      return state().poseCorrections.map((c) => ({ id: c.id, mesh: c.mesh, frame: c.frame, easeIn: c.easeIn, easeOut: c.easeOut, vertexCount: c.vertices.length }));
    },
    get poseLastEnd() {
      return extra.poseEditor?.lastEnd() ?? null;
    },
    async poseDrag(mesh, vertices, translation, steps = 3, rotation) {
      const made = tools(mesh);
      const editor = extra.poseEditor;
      if (!made || !editor) return null;
      made.paint.selection.fill(0);
      for (const v of vertices) made.paint.selection[v] = 1;
      selectionChanged(store, made);
      if (!(await editor.begin(mesh))) return null;
      // The rotation's share of each step: the same axis, a fraction of the angle (the quaternion's power).
      const partial = (k: number): [number, number, number, number] | undefined => {
        if (!rotation) return undefined;
        const length = Math.hypot(...rotation);
        const [x, y, z, w] = rotation.map((q) => q / length);
        const half = Math.atan2(Math.hypot(x, y, z), w);
        const sine = Math.sin(half);
        const scale = sine > 1e-12 ? Math.sin((half * k) / steps) / sine : 0;
        return [x * scale, y * scale, z * scale, Math.cos((half * k) / steps)];
      };
      for (let k = 1; k <= steps; k++) editor.drag({ translation: [(translation[0] * k) / steps, (translation[1] * k) / steps, (translation[2] * k) / steps], rotation: partial(k) });
      return (await editor.end({ translation, rotation }))?.id ?? null;
    },
    selectVertices(mesh, vertices) {
      const made = tools(mesh);
      if (!made) return;
      made.paint.selection.fill(0);
      for (const v of vertices) made.paint.selection[v] = 1;
      selectionChanged(store, made);
    },
    shownPosePositions(mesh) {
      const shown = poseDisplay.positions.get(mesh);
      return shown ? Array.from(shown) : null;
    },
    inputPositions(mesh) {
      const made = tools(mesh);
      const session = paintSession(state().documentId);
      if (!made || !session) return null;
      const out = new Float32Array(3 * made.paint.vertexCount);
      session.evaluator.evaluateSimulationPositions(made.paint.meshIndex, state().activeClip >= 0 ? state().activeClip : null, state().clipTime, out);
      return Array.from(out);
    },
    bakeRequestCorrections() {
      return (bakeRequestOptions(state(), paintDocument(state().documentId)).project?.poseCorrections ?? []).map((c) => c.id);
    },
    autosaveNow: () => extra.autosaveNow(),
  };
}
