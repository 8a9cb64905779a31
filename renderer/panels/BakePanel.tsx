/**
 * The Simulation panel: what to bake (the timeline's clip at the timeline's frame rate, frame range,
 * pre-roll, loop) and how it is written (corrective morph targets or a vertex cache), the Bake button,
 * and while a bake runs its progress (stage, frame i of n, ETA) with Cancel. After a bake it sums up
 * the result per mesh, each against its own size. Materials and weights are per mesh (Mesh physics,
 * Paint). Settings are locked while a bake runs: the running bake keeps what it started with.
 *
 * The panel composes its sections (renderer/panels/bake/): what to bake, how, and the last bake's summary;
 * the Bake button and the running bake's progress are here.
 */
import type { ReactElement } from 'react';
import type { BakeProgress } from '../../app/bake/index.ts';
import { useApp } from '../appContext.ts';
import { registeredDocument } from '../document/sceneRegistry.ts';
import { bakeFraction, useOverlap, type BakeJob } from '../store/index.ts';
import { BakeOptionFields } from './bake/BakeOptionFields.tsx';
import { BakeRangeFields } from './bake/BakeRangeFields.tsx';
import { BakeResult } from './bake/BakeResult.tsx';
import { Section } from './formControls.tsx';

const STAGE_LABELS: Record<BakeProgress['stage'], string> = {
  import: 'Importing',
  weights: 'Weights',
  embedding: 'Building lattice',
  evaluation: 'Evaluating',
  fitting: 'Fitting lattice',
  simulation: 'Simulating',
  transfer: 'Transferring detail',
  export: 'Writing glTF',
};

/** "Simulating · frame 12 / 61": the stage and, for per-frame stages, the frame. */
export function progressLabel(progress: BakeProgress | null): string {
  if (!progress) return 'Starting…';
  // After the import, weights and the lattice are built before the first simulated frame.
  if (progress.stage === 'import' && progress.frame >= progress.frameCount) return 'Building lattice…';
  const label = STAGE_LABELS[progress.stage] ?? progress.stage;
  return progress.frameCount > 1 ? `${label} · frame ${progress.frame} / ${progress.frameCount}` : `${label}…`;
}

/** "ETA 1 m 05 s", "ETA 12 s", or "" while unknown. */
export function etaLabel(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `ETA ${whole} s`;
  return `ETA ${Math.floor(whole / 60)} m ${String(whole % 60).padStart(2, '0')} s`;
}

function BakeProgressView({ job, onCancel }: { job: Extract<BakeJob, { kind: 'running' }>; onCancel(): void }): ReactElement {
  const fraction = bakeFraction(job.progress);
  return (
    <div className="bake-progress" data-testid="bake-progress" data-stage={job.progress?.stage ?? 'starting'}>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={`Baking ${job.clip}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
      >
        <div className="progress-fill" style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
      </div>
      <div className="progress-line">
        <span data-testid="bake-stage">{job.cancelling ? 'Cancelling…' : progressLabel(job.progress)}</span>
        <span className="progress-eta" data-testid="bake-eta">
          {job.cancelling ? '' : etaLabel(job.progress?.etaSeconds ?? null)}
        </span>
      </div>
      <button type="button" className="secondary-button" onClick={onCancel} disabled={job.cancelling} data-testid="bake-cancel">
        Cancel
      </button>
    </div>
  );
}

export function BakePanel(): ReactElement {
  const { commands } = useApp();
  const job = useOverlap((state) => state.bakeJob);
  const baked = useOverlap((state) => state.baked);
  const clips = useOverlap((state) => state.clips);
  const activeClip = useOverlap((state) => state.activeClip);
  const documentId = useOverlap((state) => state.documentId);
  const simulatedCount = useOverlap((state) => state.meshes.filter((mesh) => state.meshSettings[mesh.name]?.role === 'simulated').length);
  const running = job.kind === 'running';
  const clip = clips[activeClip];
  const imported = registeredDocument(documentId)?.imported ?? null;
  const canBake = !running && clip !== undefined && imported !== null && simulatedCount > 0;
  const bakeHint = !clip
    ? 'This document has no animation to bake'
    : !imported
      ? 'The engine importer could not read this file'
      : simulatedCount === 0
        ? 'No mesh is Simulated (set a role in the outliner)'
        : undefined;

  return (
    <Section title="Simulation" testId="bake-panel" hint="What to bake and how to write it">
      <fieldset className="form" disabled={running}>
        <BakeRangeFields />
        <BakeOptionFields />
      </fieldset>
      <div className="bake-actions">
        {job.kind === 'running' ? (
          <BakeProgressView job={job} onCancel={commands.cancelBake} />
        ) : (
          <button
            type="button"
            className="primary-button"
            onClick={() => void commands.bake()}
            disabled={!canBake}
            title={bakeHint ?? 'Simulate and bake the secondary motion (runs in the background)'}
            data-testid="bake-button"
          >
            Bake {clip ? `“${clip.name}”` : ''}
          </button>
        )}
      </div>
      {baked ? <BakeResult baked={baked} /> : null}
    </Section>
  );
}
