/**
 * The engine worker: app/ (bake, embedding) off the UI thread. Spawned by spawnEngineWorker.ts with
 * Vite's `new Worker(new URL(...), { type: 'module' })`; the protocol is protocol.ts and the logic
 * engineWorkerCore.ts.
 */
import { createEngineWorkerCore } from './engineWorkerCore.ts';
import type { EngineRequest } from './protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
// WebGPU in the worker: the simulation's device lives where the simulation runs.
const core = createEngineWorkerCore((message, transfer) => scope.postMessage(message, transfer), { gpu: scope.navigator.gpu });
scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  void core.handle(event.data);
};
