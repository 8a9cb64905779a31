/**
 * The engine worker's bakes: `bake` runs app/bake's `bake()` on the loaded document with an AbortController per
 * request and progress thinned by progressThrottle (stage changes, stage ends, otherwise at most every
 * PROGRESS_INTERVAL_MS), and answers the GLB with every simulated mesh's baked positions; `cancel` aborts a running
 * bake or preview by its id, which notices at its next check (between frames) and answers `cancelled` itself.
 *
 * A bake's only effect is its answer, so a cancelled or failed bake leaves nothing behind.
 */
import { bake } from '../../app/bake/index.ts';
import { progressThrottle } from './progressThrottle.ts';
import { PROGRESS_INTERVAL_MS } from './protocol.ts';
import { type EngineWorkerState, messageOf, type RequestOf, type Send, sceneOf, stepBackendOf } from './engineWorkerState.ts';

/** Bakes the loaded document with the request's options; answers progress* then baked | cancelled | failed. */
export async function runBake(state: EngineWorkerState, request: RequestOf<'bake'>, send: Send): Promise<void> {
  const controller = new AbortController();
  state.bakes.set(request.id, controller);
  const pass = progressThrottle(PROGRESS_INTERVAL_MS);
  try {
    const { scene, document } = await sceneOf(state, request.documentId);
    const output = await bake(scene, {
      ...request.options,
      backend: 'auto',
      stepBackend: await stepBackendOf(state),
      sourceName: request.options.sourceName ?? document.fileName,
      signal: controller.signal,
      onProgress: (progress) => {
        if (pass(progress)) send({ kind: 'progress', id: request.id, progress: { ...progress } });
      },
    });
    if (controller.signal.aborted) return send({ kind: 'cancelled', id: request.id });
    // Transfer a buffer that holds exactly the file (bakedBytes may return a view into a larger one).
    const bytes = output.bytes.byteOffset === 0 && output.bytes.byteLength === output.bytes.buffer.byteLength ? output.bytes : output.bytes.slice();
    // Each mesh's baked frames are their own array (bakeAnimation allocates one per mesh), so they can move, not copy.
    const positions = output.result.meshes.map((mesh) => ({
      mesh: mesh.name,
      meshIndex: mesh.meshIndex,
      positions: mesh.positions,
      inputTimes: Float64Array.from(output.result.inputTimes),
    }));
    send({ kind: 'baked', id: request.id, bytes, report: output.report, positions });
  } catch (error) {
    if (controller.signal.aborted) send({ kind: 'cancelled', id: request.id });
    else send({ kind: 'failed', id: request.id, message: messageOf(error) });
  } finally {
    state.bakes.delete(request.id);
  }
}

/** Aborts the running bake or preview `request.id` (nothing when none runs); the run answers `cancelled` itself. */
export function cancelRun(state: EngineWorkerState, request: RequestOf<'cancel'>, _send: Send): void {
  state.bakes.get(request.id)?.abort(new DOMException('bake cancelled', 'AbortError'));
}
