/**
 * The debug handle's bake and preview entries: the running bake, the last bake and its positions, the live
 * preview and its cached positions, the pose corrections a bake started now would send, and the autosave.
 */
import { bakeRequestOptions } from '../document/bakeRequest.ts';
import { previewFrameAt } from '../document/livePreview.ts';
import { registeredBake } from '../document/sceneRegistry.ts';
import type { OverlapDebugHandle } from '../debugHandle.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import type { OverlapStore } from '../store/index.ts';

/** @param extra  its autosaveNow writes the crash-recovery autosave now; true when it wrote */
export function bakeDebugEntries(
  store: OverlapStore,
  extra: { autosaveNow(): Promise<boolean> },
): Pick<OverlapDebugHandle, 'bake' | 'baked' | 'livePreview' | 'previewPositions' | 'bakedPositions' | 'bakeRequestCorrections' | 'autosaveNow'> {
  const state = () => store.getState();
  return {
    get bake() {
      const job = state().bakeJob;
      if (job.kind !== 'running') return null;
      return {
        stage: job.progress?.stage ?? null,
        frame: job.progress?.frame ?? 0,
        frameCount: job.progress?.frameCount ?? 0,
        etaSeconds: job.progress?.etaSeconds ?? null,
        cancelling: job.cancelling,
      };
    },
    get baked() {
      const baked = state().baked;
      return baked
        ? {
            bakeId: baked.bakeId,
            clip: baked.clip,
            frames: baked.frames,
            fps: baked.fps,
            outputBytes: baked.outputBytes,
            maxDisplacement: baked.maxDisplacement,
          }
        : null;
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
    bakeRequestCorrections() {
      return (bakeRequestOptions(state(), paintDocument(state().documentId)).project?.poseCorrections ?? []).map((c) => c.id);
    },
    autosaveNow: () => extra.autosaveNow(),
  };
}
