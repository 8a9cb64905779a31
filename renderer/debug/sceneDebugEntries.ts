/**
 * The debug handle's scene entries: the document, its meshes and clips, the playhead (read and set), what the
 * viewport shows and has drawn (frames, lattice and intersection overlays), the store as JSON, the notices.
 */
import type { OverlapDebugHandle } from '../debugHandle.ts';
import { effectiveViewMode, type OverlapStore } from '../store/index.ts';
import { intersectionStats } from '../viewport/IntersectionOverlay.tsx';
import { latticeStats } from '../viewport/LatticeOverlay.tsx';
import { renderStats } from '../viewport/Viewport.tsx';

type SceneEntry =
  | 'clipTime'
  | 'playing'
  | 'clipName'
  | 'documentName'
  | 'loading'
  | 'meshes'
  | 'clips'
  | 'renderedFrames'
  | 'ready'
  | 'viewMode'
  | 'lattice'
  | 'intersections'
  | 'storeSnapshot'
  | 'setClipTime'
  | 'setPlaying'
  | 'requestRedraw'
  | 'dismissNotices';

/** @param readiness  set ready when the built-in sample (or the first document) has been shown */
export function sceneDebugEntries(store: OverlapStore, readiness: { ready: boolean }): Pick<OverlapDebugHandle, SceneEntry> {
  const state = () => store.getState();
  return {
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
    get viewMode() {
      return effectiveViewMode(state());
    },
    get lattice() {
      const lattice = state().lattice;
      return { kind: lattice.kind, tetCount: lattice.kind === 'ready' ? lattice.tetCount : null, edges: latticeStats.edges, points: latticeStats.points };
    },
    get intersections() {
      const status = state().intersections;
      const ready = status.kind === 'ready' ? status : null;
      return {
        kind: status.kind,
        frame: ready?.frame ?? null,
        input: ready?.input ?? null,
        output: ready?.output ?? null,
        added: ready?.added ?? null,
        drawnInput: intersectionStats.input,
        drawnOutput: intersectionStats.output,
      };
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
    dismissNotices() {
      for (const notice of state().notices) state().dismissNotice(notice.id);
    },
  };
}
