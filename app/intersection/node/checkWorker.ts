/**
 * The worker side of nodeCheckPool: keeps an intersectionChecker per opened mesh set and answers checks in the
 * order they arrive. Nothing here decides anything: the checker is the same code the bake's thread runs.
 */
import { parentPort } from 'node:worker_threads';
import { checkOptionsOf, intersectionChecker, type CheckedMesh, type IntersectionChecker, type PortableCheckOptions } from '../index.ts';

/** Messages to a check worker. */
export type CheckWorkerRequest =
  | { kind: 'open'; checker: number; meshes: CheckedMesh[]; warm?: ArrayLike<number>[] }
  | { kind: 'check'; checker: number; job: number; positions: ArrayLike<number>[]; options: PortableCheckOptions }
  | { kind: 'close'; checker: number };

/** Messages from a check worker. */
export type CheckWorkerReply = { kind: 'ready' } | { kind: 'result'; job: number; result: unknown } | { kind: 'error'; job: number; message: string };

const checkers = new Map<number, IntersectionChecker>();
const port = parentPort!;
port.on('message', (request: CheckWorkerRequest) => {
  if (request.kind === 'open') {
    const checker = intersectionChecker(request.meshes);
    checkers.set(request.checker, checker);
    // The broad phase is built at the first check and refit at later ones: build it now, before checks are waited for
    // (positions it refuses only leave the build to the first check).
    try {
      if (request.warm) checker.check(request.warm);
    } catch {
      // nothing to answer: no check was asked
    }
  } else if (request.kind === 'close') checkers.delete(request.checker);
  else {
    try {
      const checker = checkers.get(request.checker);
      if (!checker) throw new Error(`check worker: no checker ${request.checker}`);
      const result = checker.check(request.positions, checkOptionsOf(request.options));
      port.postMessage({ kind: 'result', job: request.job, result } satisfies CheckWorkerReply);
    } catch (error) {
      port.postMessage({ kind: 'error', job: request.job, message: error instanceof Error ? error.message : String(error) } satisfies CheckWorkerReply);
    }
  }
});
port.postMessage({ kind: 'ready' } satisfies CheckWorkerReply);
