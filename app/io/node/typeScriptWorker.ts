import { Worker } from 'node:worker_threads';
import { bundledTwin } from './bundledTwin.ts';

const TSX_API = new URL('../../../node_modules/tsx/dist/esm/api/index.mjs', import.meta.url).href;

/**
 * A worker thread that runs a TypeScript module: the engine is TypeScript loaded through tsx without a build step
 * (bin/overlap.mjs), and a worker starts without the main thread's loader, so it imports tsx's API first and loads
 * the entry through it. Shared by the CLI's tasks (app/cli/runInWorker.ts) and the intersection check pool
 * (app/intersection/node/nodeCheckPool.ts). Measured: ~0.3–0.5 s until the entry runs (2-core machine). When the
 * process runs the CLI from its bundle (bin/cliBundle.mjs) and the entry has a twin there, the worker starts on the
 * twin, without tsx.
 *
 * @param entry       URL of the worker's TypeScript module
 * @param workerData  structured-cloneable data the entry reads from worker_threads' workerData
 * @returns the worker (stdout and stderr not piped to the parent)
 */
export function typeScriptWorker(entry: URL, workerData: unknown): Worker {
  const twin = bundledTwin(entry.href);
  if (twin) return new Worker(new URL(twin), { workerData, stdout: false, stderr: false });
  const bootstrap = `(async () => {
  const { tsImport } = await import(${JSON.stringify(TSX_API)});
  await tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)});
})();`;
  return new Worker(bootstrap, { eval: true, workerData, stdout: false, stderr: false });
}
