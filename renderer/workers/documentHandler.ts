/**
 * The engine worker's `load`: the one document it holds. The import starts at once (app/io readGltf) and is awaited by
 * the requests that need the scene, which report a failed import themselves (`load` has no answer). One document at a
 * time: a new load drops the previous scene and every session built on it (lattice, intersections, pose edit, rest
 * models and bases, the preview runner's simulation session).
 */
import { readGltf } from '../../app/io/index.ts';
import type { EngineWorkerState, RequestOf, Send } from './engineWorkerState.ts';

/** Imports `request.document` as the worker's document, dropping the previous one's sessions. Posts nothing. */
export function loadDocument(state: EngineWorkerState, request: RequestOf<'load'>, _send: Send): void {
  const payload = request.document;
  state.lattice = null;
  state.preview.dispose();
  state.intersections = null;
  state.arap = null;
  state.restModels = new Map();
  state.restBases = new Map();
  const scene = readGltf(payload.bytes, {
    fileName: payload.fileName,
    readResource: async (uri) => {
      const bytes = payload.resources[uri];
      if (!bytes) throw new Error('not provided with the file');
      return bytes;
    },
  });
  scene.catch(() => undefined); // reported by the request that needs it
  state.loaded = { documentId: payload.documentId, fileName: payload.fileName, scene, evaluator: null };
}
