/**
 * Cancellation of a CLI run: the first Ctrl-C (SIGINT) or SIGTERM aborts the run's signal, so the command stops at
 * once (work in a worker thread is terminated, see runInWorker; a write in flight removes its temporary file) and
 * main exits with EXIT_CANCELLED; a second signal exits immediately (the atomic writer's exit hook still removes
 * temporary files). Commands read the signal with cliSignal().
 */
import { EXIT_CANCELLED } from './cliError.ts';

let current: AbortController | null = null;
const idle = new AbortController();

/** The reason a cancelled run's signal carries. */
export class CancelledError extends Error {
  /** @param signal  the signal that cancelled the run (SIGINT, SIGTERM) */
  constructor(readonly signal: string) {
    super(`cancelled by ${signal}`);
    this.name = 'AbortError';
  }
}

/**
 * Installs the SIGINT/SIGTERM handlers for one run.
 *
 * @returns the run's signal, and stop() to remove the handlers when the run ends
 */
export function startCancellation(): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  current = controller;
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((name) => {
    const handler = () => {
      if (controller.signal.aborted) {
        process.stderr.write('\noverlap: cancelled\n');
        process.exit(EXIT_CANCELLED);
      }
      controller.abort(new CancelledError(name));
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    stop() {
      for (const [name, handler] of handlers) process.removeListener(name, handler);
      if (current === controller) current = null;
    },
  };
}

/** @returns the signal of the run in progress (one that never aborts outside a run) */
export function cliSignal(): AbortSignal {
  return (current ?? idle).signal;
}

/**
 * True when `error` is the end of a cancelled run: the run's signal was aborted, or the error is an AbortError.
 *
 * @param error  what the command threw
 * @returns whether the run was cancelled
 */
export function isCancellation(error: unknown): boolean {
  return cliSignal().aborted || (error instanceof Error && error.name === 'AbortError');
}
