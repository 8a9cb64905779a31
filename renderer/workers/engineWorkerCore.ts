/**
 * The engine worker's logic, apart from the worker global so it runs (and is tested) in Node too: one state struct
 * (engineWorkerState.ts: the loaded document and the sessions built on it) and one handler per concern, registered
 * in ENGINE_REQUEST_HANDLERS below, the one place that says which module answers which request (as VS Code
 * registers its services):
 *
 *   documentHandler       load                       the one document: its import, and dropping the last one's sessions
 *   bakeHandler           bake, cancel               app/bake's bake() per request, aborted by cancel (previews too)
 *   previewHandler        preview                    the live preview: the bake's own session, frame by frame
 *   latticeHandler        lattice, latticePose       the lattice overlay: its embedding, fitted or simulated poses
 *   intersectionsHandler  intersections              the intersection overlay: a frame's intersecting triangles
 *   poseHandler           arapBegin/Drag/End         the Pose tool's ARAP drag and its pose correction
 *
 * A handler takes (state, request, send) and posts its answers through `send`. A handler that throws is answered
 * here with `failed` and the error's message (bake and preview answer their own failures, which may be a cancel).
 * Ordering, as the UI relies on it: `handle` calls the handler at once, before any await, so a `cancel`, or a newer
 * preview superseding the running one, acts in the order the requests came; the preview runner's session is used by
 * one request at a time, in order (engineWorkerState `exclusively`); cancels act between frames; `load` drops the
 * previous document's sessions.
 *
 * Nothing here touches the UI's state: a bake's only effect is its answer, so a cancelled or failed bake leaves
 * nothing behind.
 */
import { cancelRun, runBake } from './bakeHandler.ts';
import { loadDocument } from './documentHandler.ts';
import { createEngineWorkerState, type EngineWorkerOptions, type EngineWorkerState, messageOf, type RequestOf, type Send } from './engineWorkerState.ts';
import { checkIntersections } from './intersectionsHandler.ts';
import { buildLattice, poseLattice } from './latticeHandler.ts';
import { beginArap, dragArap, endArap } from './poseHandler.ts';
import { runPreview } from './previewHandler.ts';
import { type EngineRequest, type PostResponse, transferables } from './protocol.ts';

export type { EngineWorkerOptions } from './engineWorkerState.ts';
export { REDUCED_ARAP_MAX_VERTICES, REDUCED_ARAP_MIN_VERTICES } from './poseHandler.ts';

export interface EngineWorkerCore {
  /** Handles one request; resolves when its answer (if any) has been posted. */
  handle(request: EngineRequest): Promise<void>;
}

/** What answers one kind of request: reads and writes the worker's state, posts its answers through `send`. */
export type EngineRequestHandler<K extends EngineRequest['kind']> = (state: EngineWorkerState, request: RequestOf<K>, send: Send) => void | Promise<void>;

/** Every request kind of protocol.ts with its handler (the type makes a kind without one a compile error). */
export const ENGINE_REQUEST_HANDLERS: { readonly [K in EngineRequest['kind']]: EngineRequestHandler<K> } = {
  load: loadDocument,
  bake: runBake,
  cancel: cancelRun,
  preview: runPreview,
  lattice: buildLattice,
  latticePose: poseLattice,
  intersections: checkIntersections,
  arapBegin: beginArap,
  arapDrag: dragArap,
  arapEnd: endArap,
};

export function createEngineWorkerCore(post: PostResponse, workerOptions: EngineWorkerOptions = {}): EngineWorkerCore {
  const state = createEngineWorkerState(workerOptions);
  const send: Send = (message) => post(message, transferables(message));
  return {
    async handle(request) {
      const id = (request as { id?: unknown }).id;
      const answerable = typeof id === 'number';
      const handler = Object.hasOwn(ENGINE_REQUEST_HANDLERS, request.kind)
        ? (ENGINE_REQUEST_HANDLERS[request.kind] as EngineRequestHandler<EngineRequest['kind']>)
        : undefined;
      if (!handler) {
        // A request from a newer or older UI than this worker: answered, so its caller does not wait forever.
        if (answerable) send({ kind: 'failed', id, message: `the engine worker does not know the request "${String(request.kind)}"` });
        return;
      }
      try {
        // Called now, not after an await: the ordering guarantees above depend on it.
        await handler(state, request, send);
      } catch (error) {
        // `load` has no id to answer with: its import's failure is reported by the request that needs the scene.
        if (!answerable) throw error;
        send({ kind: 'failed', id, message: messageOf(error) });
      }
    },
  };
}
