/**
 * Scene units: how many metres one unit of the file is, with the model's size at that scale. glTF is
 * in metres, but many assets are exported in centimetres unscaled (Fox.glb: 150 "metres" long); such
 * a model then simulates like a building and barely moves. When the size is implausible for a
 * character or prop, the panel offers the one-click fix (centimetres or millimetres, whichever gives
 * a plausible size) instead of a command-line flag.
 */
import { useMemo, type ReactElement } from 'react';
import { registeredDocument } from '../document/sceneRegistry.ts';
import { overlapStore, useOverlap } from '../store/index.ts';
import { NumberField, Row, Section } from './formControls.tsx';

/** The largest mesh extent of the document in file units (the bake warns on the same size per mesh). */
export function sceneSize(documentId: number | null): number | null {
  const imported = registeredDocument(documentId)?.imported;
  if (!imported || imported.meshes.length === 0) return null;
  let size = 0;
  for (const mesh of imported.meshes) {
    const positions = mesh.topology.positions;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < positions.length; i++) {
      min[i % 3] = Math.min(min[i % 3], positions[i]);
      max[i % 3] = Math.max(max[i % 3], positions[i]);
    }
    size = Math.max(size, Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]));
  }
  return Number.isFinite(size) ? size : null;
}

/** Sizes [m] a character or prop plausibly has; outside them the panel suggests another unit. */
const PLAUSIBLE = [0.01, 20] as const;

export function formatLength(meters: number): string {
  if (meters < 0.01) return `${(meters * 1000).toPrecision(3)} mm`;
  if (meters < 1) return `${(meters * 100).toPrecision(3)} cm`;
  return `${meters.toPrecision(3)} m`;
}

export function suggestedScale(size: number, metersPerUnit: number): number | null {
  const meters = size * metersPerUnit;
  if (meters >= PLAUSIBLE[0] && meters <= PLAUSIBLE[1]) return null;
  for (const scale of [0.01, 0.001, 1, 0.0254, 0.1]) {
    const candidate = size * scale;
    if (candidate >= 0.1 && candidate <= 5) return scale;
  }
  return null;
}

const UNIT_NAMES: Record<number, string> = { 1: 'metres', 0.01: 'centimetres', 0.001: 'millimetres', 0.0254: 'inches', 0.1: 'decimetres' };

export function ScenePanel(): ReactElement {
  const documentId = useOverlap((state) => state.documentId);
  const metersPerUnit = useOverlap((state) => state.scene.metersPerUnit);
  const embed = useOverlap((state) => state.embedSource);
  const running = useOverlap((state) => state.bakeJob.kind === 'running');
  const size = useMemo(() => sceneSize(documentId), [documentId]);
  const suggestion = size === null ? null : suggestedScale(size, metersPerUnit);
  const { setMetersPerUnit, setEmbedSource } = overlapStore.getState();
  return (
    <Section title="Scene" testId="scene-panel" hint="Units of the file and what the project file holds">
      <fieldset className="form" disabled={running}>
        <Row label="Scale" hint="Metres per unit of the file: 1 for glTF's metres, 0.01 for a model exported in centimetres. The simulation uses the real size">
          <NumberField label="Metres per unit" value={metersPerUnit} min={1e-6} step="any" onCommit={(value) => value !== null && setMetersPerUnit(value)} testId="scene-scale" />
          <span className="unit">m/unit</span>
        </Row>
        <Row label="Size" hint="The largest mesh's bounding-box diagonal at this scale">
          <span className="value-text" data-testid="scene-size">
            {size === null ? '—' : `${formatLength(size * metersPerUnit)} (${size.toPrecision(3)} units)`}
          </span>
        </Row>
        {suggestion !== null && size !== null ? (
          <div className="scale-warning" role="status" data-testid="scale-warning">
            <p>
              At this scale the model is {formatLength(size * metersPerUnit)} across: it will move like something {size * metersPerUnit > PLAUSIBLE[1] ? 'huge' : 'tiny'}. It was probably made in {UNIT_NAMES[suggestion] ?? `units of ${suggestion} m`}.
            </p>
            <button type="button" className="primary-button small" onClick={() => setMetersPerUnit(suggestion)} title={`Set the scale to ${suggestion} m per unit (${formatLength(size * suggestion)} across)`} data-testid="scale-fix">
              Use {UNIT_NAMES[suggestion] ?? `${suggestion} m`} ({formatLength(size * suggestion)})
            </button>
          </div>
        ) : null}
        <Row label="Embed" hint="Save the glTF inside the project file, so one file carries everything (larger file)">
          <input type="checkbox" checked={embed} onChange={(event) => setEmbedSource(event.target.checked)} aria-label="Embed the glTF in the project" data-testid="scene-embed" />
          <span className="checkbox-text">glTF inside the project</span>
        </Row>
      </fieldset>
    </Section>
  );
}
