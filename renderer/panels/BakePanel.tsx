/**
 * The Simulation panel: what to bake (the timeline's clip, frame range, frame rate, pre-roll, loop),
 * how (material preset, physics-blend weights, lattice resolution, export mode), the Bake button,
 * and while a bake runs its progress (stage, frame i of n, ETA) with Cancel. After a bake it sums up
 * the result. Settings are locked while a bake runs: the running bake keeps what it started with.
 */
import { useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { clipFrameRate, MATERIAL_PRESET_NAMES, type BakeProgress } from '../../app/bake/index.ts';
import type { MaterialPreset } from '../../app/document/index.ts';
import { useApp } from '../appContext.ts';
import { registeredDocument } from '../document/sceneRegistry.ts';
import { bakeFraction, FRAME_RATES, LATTICE_RESOLUTION_RANGE, overlapStore, useOverlap, type BakeJob } from '../store/index.ts';

const PRESET_LABELS: Record<MaterialPreset, string> = { flesh: 'Flesh', jelly: 'Jelly', stiffRubber: 'Stiff rubber', cloth: 'Cloth (no lattice)' };

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

/** A labelled row; `plain` rows hold several controls, each labelled on its own, so the row is no <label>. */
function Row({ label, children, hint, plain }: { label: string; children: ReactNode; hint?: string; plain?: boolean }): ReactElement {
  const Tag = plain ? 'div' : 'label';
  return (
    <Tag className="form-row" title={hint}>
      <span className="form-label">{label}</span>
      <span className="form-control">{children}</span>
    </Tag>
  );
}

/** A number field that commits on blur or Enter, so typing "1" on the way to "12" does not rebuild anything. */
function NumberField(props: { value: number | null; placeholder?: string; min?: number; max?: number; step?: number; disabled?: boolean; onCommit(value: number | null): void; testId?: string; label: string }): ReactElement {
  const [text, setText] = useState(props.value === null ? '' : String(props.value));
  useEffect(() => setText(props.value === null ? '' : String(props.value)), [props.value]);
  const commit = (): void => {
    const trimmed = text.trim();
    if (trimmed === '') return props.onCommit(null);
    const value = Number(trimmed);
    if (Number.isFinite(value)) props.onCommit(value);
    else setText(props.value === null ? '' : String(props.value));
  };
  return (
    <input
      type="number"
      className="number-input"
      aria-label={props.label}
      value={text}
      placeholder={props.placeholder}
      min={props.min}
      max={props.max}
      step={props.step ?? 1}
      disabled={props.disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          commit();
          (event.target as HTMLInputElement).blur();
        } else if (event.key === 'Escape') {
          setText(props.value === null ? '' : String(props.value));
          (event.target as HTMLInputElement).blur();
        }
      }}
      data-testid={props.testId}
    />
  );
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
  const showLattice = useOverlap((state) => state.showLattice);
  const simulatedCount = useOverlap((state) => state.meshes.filter((mesh) => state.meshSettings[mesh.name]?.role === 'simulated').length);
  const { setBakeSettings, setActiveClip, setShowLattice } = overlapStore.getState();
  const running = job.kind === 'running';
  const clip = clips[activeClip];
  const imported = registeredDocument(documentId)?.imported ?? null;
  const clipFps = useMemo(() => (imported && activeClip >= 0 && activeClip < imported.clips.length ? clipFrameRate(imported, activeClip) : 30), [imported, activeClip]);
  const fps = settings.fps ?? clipFps;
  const lastClipFrame = clip ? Math.round(clip.duration * fps) : 0;
  const frames = settings.frames ?? [0, lastClipFrame];
  const canBake = !running && clip !== undefined && imported !== null && simulatedCount > 0;
  const bakeHint = !clip ? 'This document has no animation to bake' : !imported ? 'The engine importer could not read this file' : simulatedCount === 0 ? 'No mesh is Simulated (set a role in the outliner)' : undefined;

  return (
    <aside className="bake-panel panel" aria-label="Simulation" data-testid="bake-panel">
      <h2 className="panel-heading">Simulation</h2>
      <fieldset className="form" disabled={running}>
        <Row label="Clip">
          <select value={activeClip} onChange={(event) => setActiveClip(Number(event.target.value))} disabled={clips.length === 0} aria-label="Clip to bake" data-testid="bake-clip">
            {clips.length === 0 ? <option value={-1}>—</option> : null}
            {clips.map((item, index) => (
              <option key={item.name} value={index}>
                {item.name}
              </option>
            ))}
          </select>
        </Row>
        <Row label="Frames" hint="Inclusive frame range at the bake's frame rate; leave empty for the whole clip" plain>
          <span className="range-fields">
            <NumberField label="First frame" value={settings.frames ? settings.frames[0] : null} placeholder="0" min={0} onCommit={(value) => setBakeSettings({ frames: value === null && !settings.frames ? null : [value ?? 0, frames[1]] })} testId="bake-first-frame" />
            <span className="range-dash">–</span>
            <NumberField label="Last frame" value={settings.frames ? settings.frames[1] : null} placeholder={String(lastClipFrame)} min={0} onCommit={(value) => setBakeSettings({ frames: value === null && !settings.frames ? null : [frames[0], value ?? lastClipFrame] })} testId="bake-last-frame" />
            {settings.frames ? (
              <button type="button" className="link-button" onClick={() => setBakeSettings({ frames: null })} title="Bake the whole clip">
                All
              </button>
            ) : null}
          </span>
        </Row>
        <Row label="Frame rate">
          <select value={settings.fps ?? 'clip'} onChange={(event) => setBakeSettings({ fps: event.target.value === 'clip' ? null : Number(event.target.value) })} aria-label="Bake frame rate" data-testid="bake-fps">
            <option value="clip">Clip ({clipFps} fps)</option>
            {FRAME_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate} fps
              </option>
            ))}
          </select>
        </Row>
        <Row label="Pre-roll" hint="Frames simulated before the first baked frame, to settle; empty: 0, or one cycle when looping">
          <NumberField label="Pre-roll frames" value={settings.preroll} placeholder={settings.loop ? 'cycle' : '0'} min={0} onCommit={(value) => setBakeSettings({ preroll: value })} testId="bake-preroll" />
        </Row>
        <Row label="Loop" hint="Cyclic clip (walk, run): the pre-roll wraps around it and the seam is closed">
          <input type="checkbox" checked={settings.loop} onChange={(event) => setBakeSettings({ loop: event.target.checked })} aria-label="Cyclic clip" data-testid="bake-loop" />
          <span className="checkbox-text">Cyclic clip</span>
        </Row>
        <div className="form-separator" />
        <Row label="Material">
          <select value={settings.preset} onChange={(event) => setBakeSettings({ preset: event.target.value as MaterialPreset })} aria-label="Material preset" data-testid="bake-preset">
            {MATERIAL_PRESET_NAMES.map((preset) => (
              <option key={preset} value={preset}>
                {PRESET_LABELS[preset] ?? preset}
              </option>
            ))}
          </select>
        </Row>
        <Row label="Weights" hint="Physics blend: 0 follows the animation exactly, 1 is pure physics. Default: the project's or the file's weights, else low near bones and joints, rising toward soft regions">
          <select value={settings.weightSource} onChange={(event) => setBakeSettings({ weightSource: event.target.value as 'default' | 'uniform' })} aria-label="Weight source" data-testid="bake-weights">
            <option value="default">Default</option>
            <option value="uniform">Uniform</option>
          </select>
        </Row>
        {settings.weightSource === 'uniform' ? (
          <Row label="Weight">
            <input type="range" min={0} max={1} step={0.05} value={settings.uniformWeight} onChange={(event) => setBakeSettings({ uniformWeight: Number(event.target.value) })} aria-label="Uniform weight" data-testid="bake-uniform-weight" />
            <span className="range-value">{settings.uniformWeight.toFixed(2)}</span>
          </Row>
        ) : null}
        <Row label="Lattice" hint="Cells along the mesh's longest side: finer follows the surface more closely and costs more" plain>
          <NumberField label="Lattice resolution" value={settings.latticeResolution} min={LATTICE_RESOLUTION_RANGE[0]} max={LATTICE_RESOLUTION_RANGE[1]} onCommit={(value) => setBakeSettings({ latticeResolution: value ?? settings.latticeResolution })} testId="bake-resolution" />
          <span className="checkbox-text">cells</span>
          <label className="inline-check" title="Draw the lattice and the embedded surface in the viewport">
            <input type="checkbox" checked={showLattice} onChange={(event) => setShowLattice(event.target.checked)} data-testid="panel-show-lattice" />
            <span className="checkbox-text">Show</span>
          </label>
        </Row>
        <Row label="Output">
          <select value={settings.mode} onChange={(event) => setBakeSettings({ mode: event.target.value as 'corrective' | 'cache' })} aria-label="Export mode" data-testid="bake-mode">
            <option value="corrective">Corrective morph targets</option>
            <option value="cache">Vertex cache</option>
          </select>
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
          <h3 className="subheading">Last bake</h3>
          <dl className="result-list">
            <dt>Clip</dt>
            <dd>
              {baked.clip}, frames {baked.frames[0]}–{baked.frames[1]} at {baked.fps} fps{baked.preroll > 0 ? ` (+${baked.preroll} pre-roll)` : ''}
            </dd>
            <dt>Output</dt>
            <dd>
              {baked.mode === 'corrective' ? 'corrective morph targets' : 'vertex cache'}, {(baked.outputBytes / 1024).toFixed(0)} KiB
            </dd>
            <dt>Motion</dt>
            <dd title="Largest distance of a simulated vertex from the input animation">
              up to {formatLength(baked.maxDisplacement)} ({(baked.maxDisplacementRelative * 100).toFixed(1)}% of the mesh)
            </dd>
            <dt>Time</dt>
            <dd>{baked.seconds.toFixed(1)} s</dd>
          </dl>
          <p className="result-hint">Export glTF… writes this bake.</p>
        </section>
      ) : null}
    </aside>
  );
}

/** A length in the unit that reads best: mm, cm or m. */
function formatLength(meters: number): string {
  if (meters < 0.01) return `${(meters * 1000).toFixed(1)} mm`;
  if (meters < 1) return `${(meters * 100).toFixed(1)} cm`;
  return `${meters.toFixed(2)} m`;
}
