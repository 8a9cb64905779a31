/**
 * The Simulation panel: what to bake (the timeline's clip at the timeline's frame rate, frame range,
 * pre-roll, loop) and how it is written (corrective morph targets or a vertex cache), the Bake button,
 * and while a bake runs its progress (stage, frame i of n, ETA) with Cancel. After a bake it sums up
 * the result per mesh, each against its own size. Materials and weights are per mesh (Mesh physics,
 * Paint). Settings are locked while a bake runs: the running bake keeps what it started with.
 */
import { useState, type ReactElement } from 'react';
import type { BakeProgress } from '../../app/bake/index.ts';
import type { ExportMode } from '../../app/document/index.ts';
import { useApp } from '../appContext.ts';
import { registeredDocument } from '../document/sceneRegistry.ts';
import { bakeFraction, overlapStore, useOverlap, type BakeJob } from '../store/index.ts';
import { NumberField, Row, Section } from './formControls.tsx';
import { formatLength } from './ScenePanel.tsx';

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

const EXPORT_MODE_LABELS: Record<ExportMode, string> = { corrective: 'corrective morph targets', bones: 'jiggle bones', cache: 'vertex cache' };

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
      <div className="progress-track" role="progressbar" aria-label={`Baking ${job.clip}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(fraction * 100)}>
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
  const settings = useOverlap((state) => state.bakeSettings);
  const job = useOverlap((state) => state.bakeJob);
  const baked = useOverlap((state) => state.baked);
  const clips = useOverlap((state) => state.clips);
  const activeClip = useOverlap((state) => state.activeClip);
  const documentId = useOverlap((state) => state.documentId);
  const fps = useOverlap((state) => state.fps);
  const simulatedCount = useOverlap((state) => state.meshes.filter((mesh) => state.meshSettings[mesh.name]?.role === 'simulated').length);
  const [rangeMessage, setRangeMessage] = useState<string | null>(null);
  const { setBakeSettings, setBakeRange, setActiveClip } = overlapStore.getState();
  const running = job.kind === 'running';
  const clip = clips[activeClip];
  const imported = registeredDocument(documentId)?.imported ?? null;
  const lastClipFrame = clip ? Math.round(clip.duration * fps) : 0;
  const frames = settings.frames ?? [0, lastClipFrame];
  const canBake = !running && clip !== undefined && imported !== null && simulatedCount > 0;
  const bakeHint = !clip ? 'This document has no animation to bake' : !imported ? 'The engine importer could not read this file' : simulatedCount === 0 ? 'No mesh is Simulated (set a role in the outliner)' : undefined;
  const past = frames[1] > lastClipFrame ? `Frames ${Math.max(frames[0], lastClipFrame + 1)}–${frames[1]} are past the clip's end (${lastClipFrame}): they hold its last pose${settings.loop ? ' (looping: they wrap to its start)' : ''}, and the simulation settles there.` : null;
  const setRange = (first: number, last: number): void => setRangeMessage(setBakeRange(first, last));

  return (
    <Section title="Simulation" testId="bake-panel" hint="What to bake and how to write it">
      <fieldset className="form" disabled={running}>
        <Row label="Clip" hint="The clip to bake: the timeline's clip">
          <select value={activeClip} onChange={(event) => setActiveClip(Number(event.target.value))} disabled={clips.length === 0} aria-label="Clip to bake" data-testid="bake-clip">
            {clips.length === 0 ? <option value={-1}>—</option> : null}
            {clips.map((item, index) => (
              <option key={item.name} value={index}>
                {item.name}
              </option>
            ))}
          </select>
        </Row>
        <Row label="Frames" hint={`Inclusive frame range at the timeline's ${fps} fps (drag its ends on the ruler); empty: the whole clip`} plain>
          <span className="range-fields">
            <NumberField label="First frame" value={settings.frames ? settings.frames[0] : null} placeholder="0" min={0} onCommit={(value) => (value === null && !settings.frames ? undefined : setRange(value ?? 0, frames[1]))} testId="bake-first-frame" />
            <span className="range-dash">–</span>
            <NumberField label="Last frame" value={settings.frames ? settings.frames[1] : null} placeholder={String(lastClipFrame)} min={0} onCommit={(value) => (value === null && !settings.frames ? undefined : setRange(frames[0], value ?? lastClipFrame))} testId="bake-last-frame" />
            {settings.frames ? (
              <button type="button" className="link-button" onClick={() => setBakeSettings({ frames: null })} title="Bake the whole clip">
                All
              </button>
            ) : null}
          </span>
        </Row>
        {rangeMessage ? (
          <p className="form-note error" role="alert" data-testid="bake-range-error">
            {rangeMessage}
          </p>
        ) : null}
        {past ? (
          <p className="form-note" data-testid="bake-range-note">
            {past}
          </p>
        ) : null}
        <Row label="Frame rate" hint="One rate for playback and bake: change it on the timeline">
          <span className="value-text" data-testid="bake-fps">
            {fps} fps (timeline)
          </span>
        </Row>
        <Row label="Pre-roll" hint="Frames simulated before the first baked frame, to settle; empty: 0, or one cycle when looping">
          <NumberField label="Pre-roll frames" value={settings.preroll} placeholder={settings.loop ? 'cycle' : '0'} min={0} onCommit={(value) => setBakeSettings({ preroll: value })} testId="bake-preroll" />
        </Row>
        <Row label="Loop" hint="Cyclic clip (walk, run): the pre-roll wraps around it and the seam is closed">
          <input type="checkbox" checked={settings.loop} onChange={(event) => setBakeSettings({ loop: event.target.checked })} aria-label="Cyclic clip" data-testid="bake-loop" />
          <span className="checkbox-text">Cyclic clip</span>
        </Row>
        <Row label="Output" hint="Corrective morph targets keep the skin driving the mesh; jiggle bones add helper joints any engine skins (smallest file, approximate); a vertex cache stores every vertex every frame">
          <select value={settings.mode} onChange={(event) => setBakeSettings({ mode: event.target.value as ExportMode })} aria-label="Export mode" data-testid="bake-mode">
            <option value="corrective">Corrective morph targets</option>
            <option value="bones">Jiggle bones</option>
            <option value="cache">Vertex cache</option>
          </select>
        </Row>
        <Row label="Contact" hint="Self-contact (OGC): the simulated surfaces never pass through themselves or through meshes set to Collider; a frame never has more intersections than the input at that frame. Slower">
          <input type="checkbox" checked={settings.selfContact} onChange={(event) => setBakeSettings({ selfContact: event.target.checked })} aria-label="Self-contact" data-testid="bake-self-contact" />
          <span className="checkbox-text">Self-contact</span>
        </Row>
        <Row label="Repair" hint="Remove the input's own intersections (those its rest pose does not have) frame by frame before simulating; weight-0 regions then follow the repaired input">
          <input type="checkbox" checked={settings.repair} onChange={(event) => setBakeSettings({ repair: event.target.checked })} aria-label="Repair input intersections" data-testid="bake-repair" />
          <span className="checkbox-text">Repair input intersections</span>
        </Row>
      </fieldset>
      <div className="bake-actions">
        {job.kind === 'running' ? (
          <BakeProgressView job={job} onCancel={commands.cancelBake} />
        ) : (
          <button type="button" className="primary-button" onClick={() => void commands.bake()} disabled={!canBake} title={bakeHint ?? 'Simulate and bake the secondary motion (runs in the background)'} data-testid="bake-button">
            Bake {clip ? `“${clip.name}”` : ''}
          </button>
        )}
      </div>
      {baked ? (
        <section className="bake-result" data-testid="bake-result" aria-label="Last bake">
          <h3 className="subheading" data-testid="bake-done">
            Last bake{baked.exported ? ' · exported' : ' · not exported yet'}
          </h3>
          <dl className="result-list">
            <dt>Clip</dt>
            <dd>
              {baked.clip}, frames {baked.frames[0]}–{baked.frames[1]} at {baked.fps} fps{baked.preroll > 0 ? ` (+${baked.preroll} pre-roll)` : ''}
            </dd>
            <dt>Output</dt>
            <dd>
              {EXPORT_MODE_LABELS[baked.mode]}, {(baked.outputBytes / 1024).toFixed(0)} KiB
            </dd>
            {baked.meshes.map((mesh) => (
              <div key={mesh.mesh} className="result-pair" title="Largest distance of a vertex of this mesh from the input animation, and that against the mesh's own size">
                <dt>{mesh.mesh}</dt>
                <dd data-testid="bake-mesh-motion">
                  moves up to {formatLength(mesh.maxDisplacement)} ({(mesh.relative * 100).toFixed(1)}% of its size)
                </dd>
              </div>
            ))}
            <dt>Time</dt>
            <dd>{baked.seconds.toFixed(1)} s</dd>
          </dl>
          <p className="result-hint">Export glTF… writes this bake.</p>
        </section>
      ) : null}
    </Section>
  );
}
