import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../../io/node/index.ts';
import type { FrameIntersections } from '../intersectionChecker.ts';
import type { IntersectionCheckPool } from '../intersectionCheckPool.ts';
import type { CheckWorkerReply, CheckWorkerRequest } from './checkWorker.ts';

const ENTRY = new URL('./checkWorker.ts', import.meta.url);

/**
 * Workers a bake's pool gets by default: the cores beyond two (the bake's thread, and one left to V8's own background
 * threads: its collector and compiler), at most 4; 0 on a machine of two cores, where the CLI runs without a pool.
 * Measured on this project's 2-core machine (level-3 test character, Jump 0:11, self-contact, .dev driver printing the
 * report's stages, runs without and with alternated: three, then four after the workers started early and warm): one
 * worker took the input checks off the bake's thread (its checks 84–111 → 69–83 ms a frame) but the bake's other
 * stages slowed by as much (weights, embedding and fitting sharing the second core): 533–545 against 530–565 ms a
 * frame, then 602–685 against 641–712. With cores to spare the moved checks are the bake's gain; not measured here.
 */
export const DEFAULT_CHECK_WORKERS = Math.max(0, Math.min(4, availableParallelism() - 2));

/**
 * Below this many triangles a surface is checked on the caller's thread: Fox.glb's 576 triangles check in about a
 * millisecond, so a 41-frame bake would save less than starting the workers costs (0.3–0.5 s of a core); the
 * sample's 6 272 take 4–8 ms a check, the level-3 test character's 25.7 k 17–45 ms (2-core machine).
 */
const MIN_TRIANGLES = 2000;

interface PoolWorker {
  worker: Worker;
  /** checks sent and not answered */
  pending: number;
}

/**
 * An IntersectionCheckPool on Node worker threads. The workers start at start() or the first open() (a pool nobody
 * uses costs nothing) and load the checker through tsx (typeScriptWorker, ~0.3–0.5 s, while the bake sets up); each
 * opened mesh set gets a checker on every worker (its broad phase built at once on `warm` positions), and each check
 * goes to the worker with the fewest checks waiting. Positions are copied into Float64Arrays and transferred. A worker
 * that fails rejects the pool's pending checks and every later one (the caller checks on its own thread then);
 * close() ends the workers. Workers do not keep the process alive.
 *
 * @param size          workers (default DEFAULT_CHECK_WORKERS, at least 1)
 * @param minTriangles  surfaces below this many triangles stay on the caller's thread (default 2 000; tests use 0)
 * @returns the pool
 */
export function nodeCheckPool(size = Math.max(1, DEFAULT_CHECK_WORKERS), minTriangles = MIN_TRIANGLES): IntersectionCheckPool {
  let workers: PoolWorker[] | null = null;
  let failure: Error | null = null;
  let nextChecker = 0;
  let nextJob = 0;
  const jobs = new Map<number, { resolve: (result: FrameIntersections) => void; reject: (error: Error) => void; worker: PoolWorker }>();

  const fail = (error: Error): void => {
    failure ??= error;
    for (const [job, { reject }] of jobs) {
      jobs.delete(job);
      reject(failure);
    }
  };
  const start = (): PoolWorker[] => {
    if (workers) return workers;
    workers = Array.from({ length: size }, () => {
      const entry: PoolWorker = { worker: typeScriptWorker(ENTRY, null), pending: 0 };
      entry.worker.unref();
      entry.worker.on('message', (reply: CheckWorkerReply) => {
        if (reply.kind === 'ready') return;
        const job = jobs.get(reply.job);
        if (!job) return;
        jobs.delete(reply.job);
        job.worker.pending--;
        if (reply.kind === 'result') job.resolve(reply.result as FrameIntersections);
        else job.reject(new Error(reply.message));
      });
      entry.worker.on('error', (error) => fail(error instanceof Error ? error : new Error(String(error))));
      entry.worker.on('exit', (code) => fail(new Error(`an intersection check worker stopped (exit code ${code})`)));
      return entry;
    });
    return workers;
  };
  const post = (entry: PoolWorker, request: CheckWorkerRequest, transfer: ArrayBuffer[] = []): void => entry.worker.postMessage(request, transfer);

  return {
    size,
    minTriangles,
    start() {
      if (!failure) start();
    },
    open(meshes, warm) {
      const checker = nextChecker++;
      const plain = meshes.map((m) => ({ name: m.name, triangles: Uint32Array.from(m.triangles), vertexCount: m.vertexCount }));
      const warmCopies = warm?.map((p) => Float64Array.from(p));
      if (!failure) for (const entry of start()) post(entry, { kind: 'open', checker, meshes: plain, warm: warmCopies });
      return {
        check(positions, options = {}) {
          if (failure) return Promise.reject(failure);
          const pool = start();
          let entry = pool[0];
          for (const candidate of pool) if (candidate.pending < entry.pending) entry = candidate;
          const copies = positions.map((p) => Float64Array.from(p));
          const since = options.since
            ? {
                positions: options.since.positions.map((p) => Float64Array.from(p)),
                result: { total: options.since.result.total, pairList: options.since.result.pairList },
              }
            : undefined;
          const job = nextJob++;
          entry.pending++;
          return new Promise<FrameIntersections>((resolve, reject) => {
            jobs.set(job, { resolve, reject, worker: entry });
            const transfer = [...copies, ...(since?.positions ?? [])].map((p) => p.buffer);
            post(entry, { kind: 'check', checker, job, positions: copies, options: { ...options, since } }, transfer);
          });
        },
        close() {
          if (workers && !failure) for (const entry of workers) post(entry, { kind: 'close', checker });
        },
      };
    },
    async close() {
      const running = workers;
      workers = null;
      fail(new Error('the intersection check pool was closed'));
      if (running) await Promise.all(running.map((entry) => entry.worker.terminate()));
    },
  };
}
