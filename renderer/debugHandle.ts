/**
 * `window.__overlap`: a read-mostly view of the app for end-to-end tests and for users debugging
 * in DevTools. Getters read the store live; the few setters go through the store's own actions.
 */
import { effectiveViewMode, type OverlapStore, type ViewMode } from './store/index.ts';
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
  /** the lattice overlay: its state, and the edges and points drawn */
  readonly lattice: { kind: string; tetCount: number | null; edges: number; points: number };
  /** the store's data (no actions) as JSON, for checking that something left it unchanged */
  storeSnapshot(): string;
  setClipTime(time: number): void;
  setPlaying(playing: boolean): void;
  /** asks the viewport to draw one more frame (it draws on demand) */
  requestRedraw(): void;
}

export function installDebugHandle(target: { __overlap?: OverlapDebugHandle }, store: OverlapStore, readiness: { ready: boolean }): void {
  const state = () => store.getState();
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
    get lattice() {
      const lattice = state().lattice;
      return { kind: lattice.kind, tetCount: lattice.kind === 'ready' ? lattice.tetCount : null, edges: latticeStats.edges, points: latticeStats.points };
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
  };
}
