/**
 * The worker thread side of runInWorker: imports the task module named in workerData, runs the task, posts
 * progress, then the result (transferring the ArrayBuffers of typed arrays in it) or the error. A `stop` message from
 * the main thread aborts the signal handed to the task as its third argument (runInWorker's graceMs), so a task can
 * end cleanly (a bake writes its checkpoint) before the thread is terminated.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { importTypeScript } from '../io/node/index.ts';
import { serializeError, type WorkerMessage } from './runInWorker.ts';

const { module, name, input } = workerData as { module: string; name: string; input: unknown };
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);
try {
  const task = (await importTypeScript(module))[name] as (input: unknown, progress: (progress: unknown) => void, signal: AbortSignal) => Promise<unknown>;
  if (typeof task !== 'function') throw new Error(`runInWorker: ${module} has no export ${name}`);
  const stop = new AbortController();
  parentPort!.on('message', (message: { kind?: string }) => {
    if (message?.kind === 'stop') stop.abort(new DOMException('the task was stopped', 'AbortError'));
  });
  const value = await task(input, (progress) => post({ kind: 'progress', progress }), stop.signal);
  post({ kind: 'result', value }, transferables(value));
} catch (error) {
  post({ kind: 'error', error: serializeError(error) });
}

/** ArrayBuffers of the typed arrays among a result's own values (one level deep, no duplicates). */
function transferables(value: unknown): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const visit = (item: unknown) => {
    if (ArrayBuffer.isView(item) && item.buffer instanceof ArrayBuffer && item.byteOffset === 0 && item.byteLength === item.buffer.byteLength)
      buffers.add(item.buffer);
  };
  visit(value);
  if (value && typeof value === 'object') for (const item of Object.values(value)) visit(item);
  return [...buffers];
}
