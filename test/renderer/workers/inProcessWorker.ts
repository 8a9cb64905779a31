/**
 * An engine worker in the test's own process: engineClient's side talks to engineWorkerCore through
 * structured clones delivered on later macrotasks, as a real Worker's postMessage does (transferred
 * buffers are moved, so a test sees the same detaching a browser would cause).
 */
import type { WorkerLike } from '../../../renderer/workers/engineClient.ts';
import { createEngineWorkerCore } from '../../../renderer/workers/engineWorkerCore.ts';
import type { EngineRequest, EngineResponse } from '../../../renderer/workers/protocol.ts';

export interface InProcessWorker extends WorkerLike {
  /** every request the client posted, in order */
  readonly requests: EngineRequest[];
  /** every response the core posted, in order */
  readonly responses: EngineResponse[];
  terminated: boolean;
}

export function inProcessWorker(options: { silent?: boolean } = {}): InProcessWorker {
  const worker: InProcessWorker = {
    requests: [],
    responses: [],
    terminated: false,
    onmessage: null,
    onerror: null,
    postMessage(message: unknown) {
      if (worker.terminated) return;
      const request = structuredClone(message) as EngineRequest;
      worker.requests.push(request);
      // A "silent" worker accepts requests and never answers (a worker stuck in a long step).
      if (!options.silent) setTimeout(() => void core.handle(request), 0);
    },
    terminate() {
      worker.terminated = true;
    },
  };
  const core = createEngineWorkerCore((message, transfer) => {
    if (worker.terminated) return;
    const copy = structuredClone(message, { transfer });
    worker.responses.push(copy);
    setTimeout(() => {
      if (!worker.terminated) worker.onmessage?.call(worker as unknown as Worker, { data: copy } as MessageEvent<EngineResponse>);
    }, 0);
  });
  return worker;
}
