/**
 * Runs a CPU-heavy task of a command (a bake, an embedding, a simulation) in a worker thread, so that the main
 * thread stays free to answer Ctrl-C: JavaScript cannot see a signal while a synchronous stage runs (an embedding or
 * a factorization can take a minute), but the main thread can terminate the worker at once, wherever it is. The
 * worker computes and returns bytes and numbers; all files are written by the main thread, through the atomic
 * writer, so terminating the worker never leaves a partial file.
 *
 * A task is an exported async function `(input, progress) => result` in a module of its own; input and result
 * must be structured-cloneable (ArrayBuffers of typed arrays in the result are transferred, not copied). Errors
 * cross back with their class (GltfImportError, BakeError, FileAccessError, SimulationError…) and fields.
 *
 * The worker loads TypeScript through tsx's API (typeScriptWorker), as bin/overlap.mjs does for the main thread.
 */
import { BakeError } from '../bake/index.ts';
import { BakeInputError } from '../bake/node/index.ts';
import { GltfImportError } from '../io/index.ts';
import { FileAccessError, JsonFileError, typeScriptWorker } from '../io/node/index.ts';
import { NonFiniteValueError } from '../export/index.ts';
import { SimulationError } from '../solvers/vbd/index.ts';
import { CliError } from './cliError.ts';

/** An error as it crosses the thread boundary. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

/** Messages from the worker. */
export type WorkerMessage = { kind: 'progress'; progress: unknown } | { kind: 'result'; value: unknown } | { kind: 'error'; error: SerializedError };

const ENTRY = new URL('./workerEntry.ts', import.meta.url);

/**
 * Runs `module`'s export `name` with `input` in a worker thread.
 *
 * @param module      URL of the task module (new URL('./tasks/bakeTask.ts', import.meta.url))
 * @param name        the exported task function
 * @param input       structured-cloneable input
 * @param options     signal (aborting terminates the worker and rejects with the signal's reason), onProgress, and
 *                    graceMs: on abort, first ask the task to stop (its signal, workerEntry.ts) and wait up to this
 *                    long for it to end before terminating (a bake writes its checkpoint)
 * @returns the task's result
 */
export async function runInWorker<T>(
  module: URL,
  name: string,
  input: unknown,
  options: { signal?: AbortSignal; onProgress?: (progress: never) => void; graceMs?: number } = {},
): Promise<T> {
  const { signal, onProgress, graceMs = 0 } = options;
  signal?.throwIfAborted();
  const worker = typeScriptWorker(ENTRY, { module: module.href, name, input });
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      action();
      void worker.terminate();
    };
    let stopping = false;
    const onAbort = () => {
      if (graceMs <= 0) return settle(() => reject(signal!.reason));
      stopping = true;
      worker.postMessage({ kind: 'stop' });
      setTimeout(() => settle(() => reject(signal!.reason)), graceMs).unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'progress') onProgress?.(message.progress as never);
      else if (stopping) settle(() => reject(signal!.reason));
      else if (message.kind === 'result') settle(() => resolve(message.value as T));
      else settle(() => reject(deserializeError(message.error)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the worker thread stopped (exit code ${code}) before answering`))));
  });
}

/**
 * An error as plain data, for postMessage.
 *
 * @param error  anything thrown
 * @returns name, message, stack and the own enumerable fields (file, origin, code, exitCode, frame…)
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** Rebuilds the error classes the CLI maps to exit codes; anything else stays an Error (an internal error). */
function deserializeError({ name, message, stack, fields }: SerializedError): Error {
  const text = (key: string) => String(fields[key] ?? '');
  let error: Error;
  if (name === 'GltfImportError') error = new GltfImportError(text('file'), message);
  else if (name === 'FileAccessError') error = new FileAccessError(text('file'), message, fields.code as string | undefined);
  else if (name === 'BakeInputError') error = new BakeInputError(text('file'), message);
  else if (name === 'JsonFileError') error = new JsonFileError(text('file'), message);
  else if (name === 'BakeError') error = new BakeError(message, (fields.origin as BakeError['origin']) ?? 'gltf', fields.option as BakeError['option']);
  else if (name === 'SimulationError') error = new SimulationError(message, Number(fields.frame));
  else if (name === 'NonFiniteValueError') error = new NonFiniteValueError(message);
  else if (name === 'CliError') error = new CliError(text('file'), message, fields.exitCode as CliError['exitCode']);
  else {
    error = new Error(message);
    error.name = name;
  }
  if (stack) error.stack = stack;
  return error;
}
