/**
 * The engine worker's live preview: `preview` advances the worker's one simulation session (previewRunner.ts: the
 * bake's own SimulationSession, on the WebGPU step when the worker was given a hardware adapter's backend, else the
 * CPU step) over the request's frames and posts each as it is simulated.
 *
 * Ordering: one preview at a time. A newer request aborts every running one at once (it stops between two frames and
 * answers `cancelled`), then waits its turn on the session (`exclusively`, shared with the lattice overlay), so the
 * superseded run has left the session between two frames before this one starts.
 */
import { type EngineWorkerState, exclusively, messageOf, type RequestOf, type Send, sceneOf, stepBackendOf } from './engineWorkerState.ts';

/** Simulates frames `from`..`to`; answers previewFrame* then previewDone | cancelled | failed. */
export async function runPreview(state: EngineWorkerState, request: RequestOf<'preview'>, send: Send): Promise<void> {
  const { bakes, previews, preview } = state;
  // One preview at a time: a newer request supersedes the running one (it stops between frames).
  for (const [id, controller] of bakes) if (previews.has(id)) controller.abort(new DOMException('superseded', 'AbortError'));
  const controller = new AbortController();
  bakes.set(request.id, controller);
  previews.add(request.id);
  try {
    // The superseded run leaves the session between two frames; this one starts after it.
    await exclusively(state, async () => {
      controller.signal.throwIfAborted();
      const { scene } = await sceneOf(state, request.documentId);
      const frames = await preview.run(request.documentId, scene, request.options, request.from, request.to, {
        signal: controller.signal,
        frame: (frame) => send({ kind: 'previewFrame', id: request.id, frame }),
        stepBackend: await stepBackendOf(state),
      });
      send({ kind: 'previewDone', id: request.id, frames, simulationsBuilt: preview.simulationsBuilt });
    });
  } catch (error) {
    if (controller.signal.aborted) send({ kind: 'cancelled', id: request.id });
    else send({ kind: 'failed', id: request.id, message: messageOf(error) });
  } finally {
    bakes.delete(request.id);
    previews.delete(request.id);
  }
}
