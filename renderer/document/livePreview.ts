/**
 * The live preview (issue 11): while the timeline's Live toggle is on, the engine worker simulates the workspace's
 * bake (the same options the Simulate button would send, bakeRequest.ts) frame by frame from the playhead on, with the
 * bake's own simulation session (renderer/workers/previewRunner.ts); each frame's positions land in a cache here,
 * outside the store (typed arrays), and the viewport draws the cached frame at the playhead (PreviewMeshes.tsx).
 * The ruler shows the cached ranges; playback waits at the last simulated frame (timelineSlice.advance).
 *
 * What a change invalidates: painted weights and a mesh's settings (material, substeps, lattice) only the frames
 * after the playhead (the session keeps its embedding and factorization where it can: SimulationSession.setWeights
 * and update), anything else in the request (clip, range, frame rate, layers, contact) the whole cache (a new session). Scrubbing back shows cached frames at once; scrubbing into frames not
 * simulated yet starts the simulation there.
 */
import { paintDocument } from '../paint/paintRegistry.ts';
import { anyChanged, PREVIEW_FAILED, type OverlapState, type OverlapStore } from '../store/index.ts';
import type { EngineClient, PreviewHandle } from '../workers/engineClient.ts';
import type { BakeRequestOptions, PreviewFrame } from '../workers/protocol.ts';
import { bakeRequestOptions } from './bakeRequest.ts';
import { readableError } from './readableError.ts';
import { registeredDocument } from './sceneRegistry.ts';

/** The cached frames of the document's live preview: per clip frame, each simulated mesh's render positions. */
interface PreviewCache {
  documentId: number;
  /** the request without painted weights and per-mesh settings: a change here drops every frame */
  key: string;
  /** the per-mesh settings: a change drops the frames after the playhead */
  meshKey: string;
  frames: Map<number, PreviewFrame>;
}

let cache: PreviewCache | null = null;

/** The live preview's frame of `documentId` at clip frame `frame`, when it has been simulated. */
export function previewFrameAt(documentId: number | null, frame: number): PreviewFrame | null {
  if (!cache || cache.documentId !== documentId) return null;
  return cache.frames.get(frame) ?? null;
}

/** Where the live preview's last frame was simulated ('WebGPU: <adapter>' or 'CPU: <why>'), for tooltips and tests. */
export let backendLine: string | null = null;

/** Inclusive runs of consecutive frame numbers. */
export function frameRanges(frames: Iterable<number>): Array<[number, number]> {
  const sorted = [...frames].sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const frame of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && frame === last[1] + 1) last[1] = frame;
    else ranges.push([frame, frame]);
  }
  return ranges;
}

/**
 * Starts following the store: requests simulation whenever the Live toggle is on and the playhead's frame (or the
 * frames after it) are not cached. Returns a function that stops it.
 */
export function startLivePreview(store: OverlapStore, engine: EngineClient): () => void {
  let running: { handle: PreviewHandle; key: string; from: number } | null = null;
  let weightsRevision = -1;

  const publish = (): void => {
    store.getState().setCachedRanges(cache ? frameRanges(cache.frames.keys()) : []);
  };

  const stopRunning = (): void => {
    running?.handle.cancel();
    running = null;
  };

  function optionsOf(state: OverlapState): BakeRequestOptions | null {
    if (state.documentId === null || state.activeClip < 0) return null;
    const entry = registeredDocument(state.documentId);
    if (!entry?.imported || !entry.file) return null;
    return bakeRequestOptions(state, paintDocument(state.documentId));
  }

  /** The request of the current settings and its keys, rebuilt only when a setting changes (not on every frame). */
  let request: { options: BakeRequestOptions; key: string; meshKey: string } | null = null;

  /** @param settingsChanged  false when only the playhead moved: the last request still holds */
  function update(settingsChanged = true): void {
    const state = store.getState();
    if (!state.livePreview) {
      stopRunning();
      cache = null;
      request = null;
      return;
    }
    if (settingsChanged || !request) {
      let options: BakeRequestOptions | null;
      try {
        options = optionsOf(state);
      } catch (error) {
        stopRunning();
        request = null;
        state.setPreviewStatus(`${PREVIEW_FAILED}: ${readableError(error, 'Live preview')}`);
        return;
      }
      if (!options) {
        request = null;
        return stopRunning();
      }
      const { project, meshes, ...rest } = options;
      request = {
        options,
        key: JSON.stringify({ ...rest, project: project ? { ...project, weights: undefined, meshes: undefined } : null }),
        meshKey: JSON.stringify([meshes ?? null, project?.meshes ?? null]),
      };
    }
    if (state.documentId === null) return stopRunning();
    const documentId = state.documentId;
    const { options, key, meshKey } = request;
    const frame = Math.round(state.clipTime * state.fps + 1e-6);
    if (!cache || cache.documentId !== documentId || cache.key !== key) {
      cache = { documentId, key, meshKey, frames: new Map() };
      weightsRevision = state.paintRevision;
      stopRunning();
      publish();
    } else if (state.paintRevision !== weightsRevision || cache.meshKey !== meshKey) {
      // New painted weights or mesh settings (material, substeps, lattice): the frames after the playhead are
      // simulated again, those before stay (the worker's session keeps its embeddings where it can).
      weightsRevision = state.paintRevision;
      cache.meshKey = meshKey;
      for (const cached of [...cache.frames.keys()]) if (cached > frame) cache.frames.delete(cached);
      stopRunning();
      publish();
    }
    const [first, last] = rangeOf(state);
    // The first frame from the playhead on that is not cached yet; nothing to do when all are.
    let from = Math.max(frame, first);
    while (from <= last && cache.frames.has(from)) from++;
    if (from > last) {
      if (!running) state.setPreviewStatus(null);
      return;
    }
    if (running && running.key === key && running.from <= from) return; // already simulating toward it
    stopRunning();
    const entry = registeredDocument(documentId)!;
    const file = entry.file!;
    const current = cache;
    const handle = engine.preview({ documentId, fileName: file.name, bytes: file.bytes, resources: file.resources }, options, from, last, (simulated) => {
      if (cache !== current) return;
      current.frames.set(simulated.frame, simulated);
      publish();
      store.getState().setPreviewStatus(`Simulating frame ${simulated.frame + 1} (${simulated.backend.startsWith('WebGPU') ? 'WebGPU' : 'CPU'})`);
      backendLine = simulated.backend;
    });
    const mine = { handle, key, from };
    running = mine;
    state.setPreviewStatus(`Simulating frame ${from}`);
    handle.promise.then(
      () => {
        if (running !== mine) return;
        running = null;
        store.getState().setPreviewStatus(null);
      },
      (error: unknown) => {
        if (running !== mine) return;
        running = null;
        store.getState().setPreviewStatus(`${PREVIEW_FAILED}: ${readableError(error, 'Live preview')}`);
      },
    );
  }

  const unsubscribe = store.subscribe((state, previous) => {
    const settingsChanged = anyChanged(state, previous, [
      'livePreview',
      'documentId',
      'activeClip',
      'fps',
      'meshSettings',
      'bakeSettings',
      'paintRevision',
      'layers',
      'poseCorrections',
      'scene',
    ]);
    // A scrub or playback into frames not cached yet needs only the coverage checked.
    const moved = state.livePreview && Math.round(state.clipTime * state.fps + 1e-6) !== Math.round(previous.clipTime * previous.fps + 1e-6);
    if (settingsChanged || moved) update(settingsChanged);
  });
  update();
  return () => {
    unsubscribe();
    stopRunning();
    cache = null;
  };
}

/** The frames the preview simulates: the bake range, else the whole clip. */
function rangeOf(state: OverlapState): [number, number] {
  const clip = state.clips[state.activeClip];
  const frames = state.bakeSettings.frames;
  return frames ? [frames[0], frames[1]] : [0, Math.round((clip?.duration ?? 0) * state.fps)];
}
