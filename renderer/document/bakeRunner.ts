/**
 * Runs the Simulation panel's bake in the engine worker and brings the result into the app: the
 * output GLB is loaded for display (loadBakedScene), registered with the document (sceneRegistry),
 * and only then does the store learn of it (`bakeFinished`). Until that last step the bake has no
 * effect on the document or the store other than `bakeJob`, so cancelling at any moment (while the
 * worker simulates, or while the output loads) or a failure leaves both as they were.
 *
 * Opening another document during a bake cancels it.
 */
import type { BakeReport } from '../../app/bake/index.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import type { BakedMeshSummary, BakedSummary, OverlapStore } from '../store/index.ts';
import { readableError } from './readableError.ts';
import type { EngineClient } from '../workers/engineClient.ts';
import { bakeRequestOptions } from './bakeRequest.ts';
import { loadBakedScene } from './loadBakedScene.ts';
import { registerBake, registeredDocument } from './sceneRegistry.ts';

export interface BakeRunner {
  /** Starts a bake with the panel's settings; resolves when it has finished, failed or been cancelled. */
  start(): Promise<void>;
  cancel(): void;
}

/** The store's summary of a finished bake. */
export function bakedSummary(report: BakeReport, ids: { bakeId: number; documentId: number; clipIndex: number }): BakedSummary {
  let maxDisplacement = 0;
  let maxDisplacementRelative = 0;
  const meshes: BakedMeshSummary[] = [];
  for (const mesh of report.meshes) {
    if (!mesh.simulation) continue;
    // Each mesh against its own size: a 2 cm swing is a lot for an ear, little for a body.
    meshes.push({ mesh: mesh.name, maxDisplacement: mesh.simulation.maxDisplacement, relative: mesh.simulation.maxDisplacementRelative });
    maxDisplacement = Math.max(maxDisplacement, mesh.simulation.maxDisplacement);
    maxDisplacementRelative = Math.max(maxDisplacementRelative, mesh.simulation.maxDisplacementRelative);
  }
  return {
    ...ids,
    clip: report.clip,
    fps: report.fps,
    frames: [report.frames.first, report.frames.last],
    preroll: report.frames.preroll,
    mode: report.mode,
    seconds: report.timings.total,
    outputBytes: report.outputBytes,
    maxDisplacement,
    maxDisplacementRelative,
    meshes,
    // The import's warnings were shown when the file was opened (openDocument): the bake's notices are its own.
    warnings: report.warnings.filter((warning) => warning.code !== 'import').map((warning) => warning.message),
    exported: false,
  };
}

export function createBakeRunner(store: OverlapStore, engine: EngineClient): BakeRunner {
  let nextJobId = 1;
  let current: { jobId: number; cancelled: boolean; cancel(): void } | null = null;
  const notify = (level: 'info' | 'warning' | 'error', text: string): void => void store.getState().notify(level, text);

  const runner: BakeRunner = {
    async start() {
      const state = store.getState();
      if (state.bakeJob.kind === 'running' || current) return;
      const documentId = state.documentId;
      const entry = registeredDocument(documentId);
      if (documentId === null || !state.source || !entry) return notify('info', 'Nothing to bake yet: import a glTF first');
      if (!entry.imported || !entry.file) return notify('error', `${state.source.name}: the engine importer could not read this file, so it cannot be baked`);
      const imported = entry.imported;
      let options;
      try {
        options = bakeRequestOptions(state, paintDocument(documentId));
      } catch (error) {
        return void store.getState().notify('error', readableError(error, 'Bake'), 'bake');
      }
      const clipIndex = state.activeClip;
      const jobId = nextJobId++;
      const file = entry.file;
      const handle = engine.bake({ documentId, fileName: file.name, bytes: file.bytes, resources: file.resources }, options, (progress) =>
        store.getState().bakeProgressed(jobId, progress),
      );
      const job = {
        jobId,
        cancelled: false,
        cancel() {
          if (job.cancelled) return;
          job.cancelled = true;
          store.getState().bakeCancelRequested(jobId);
          handle.cancel();
        },
      };
      current = job;
      store.getState().bakeStarted({ jobId, documentId, clip: options.clip });
      const unsubscribe = store.subscribe((next) => {
        if (next.documentId !== documentId) job.cancel();
      });
      try {
        const outcome = await handle.promise;
        if (outcome.kind === 'cancelled' || job.cancelled) return store.getState().bakeEnded(jobId);
        const scene = await loadBakedScene(outcome.bytes, imported);
        // A cancel while the output loaded still wins: the scene is dropped unseen.
        if (job.cancelled || store.getState().documentId !== documentId) return store.getState().bakeEnded(jobId);
        const bakeId = jobId;
        if (
          !registerBake(documentId, {
            bakeId,
            bytes: outcome.bytes,
            report: outcome.report,
            gltf: scene.gltf,
            clip: scene.clip,
            meshObjects: scene.meshObjects,
            positions: outcome.positions,
          })
        ) {
          return store.getState().bakeEnded(jobId);
        }
        const summary = bakedSummary(outcome.report, { bakeId, documentId, clipIndex });
        store.getState().bakeFinished(jobId, summary);
        store.getState().resolveNotices('bake');
        const frameCount = summary.frames[1] - summary.frames[0] + 1;
        notify('info', `Baked ${frameCount} frame${frameCount === 1 ? '' : 's'} of "${summary.clip}" in ${summary.seconds.toFixed(1)} s`);
        for (const warning of summary.warnings.slice(0, 2)) store.getState().notify('warning', `Bake: ${warning}`, 'bake');
      } catch (error) {
        store.getState().bakeEnded(jobId);
        if (!job.cancelled)
          store
            .getState()
            .notify('error', readableError(error, 'Bake failed', 'the engine stopped on an internal error (details in the developer console)'), 'bake');
      } finally {
        unsubscribe();
        current = null;
      }
    },
    cancel() {
      current?.cancel();
    },
  };
  return runner;
}
