/**
 * Starts an engine worker. The `new Worker(new URL('./engine.worker.ts', import.meta.url), ...)` form
 * is what Vite recognizes to bundle the worker (with app/ and its dependencies) as its own module
 * chunk, served from the app's origin ('self' in the Content-Security-Policy's worker-src).
 */
import type { WorkerLike } from './engineClient.ts';

export function spawnEngineWorker(): WorkerLike {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'overlap-engine' });
}
