/**
 * Scene units: how many metres one unit of the file is, with the model's size at that scale. glTF is
 * in metres, but many assets are exported in centimetres unscaled (Fox.glb: 176 "metres" long); such
 * a model then simulates like a building and barely moves. When the size is implausible for a
 * character or prop, the panel offers the one-click fix (centimetres or millimetres, whichever gives
 * a plausible size) instead of a command-line flag.
 *
 * The size is the scene's world-space box at rest (app/animation restBounds: after node transforms, skins posed by
 * their joints), the measure `overlap inspect` prints and the bake's scale warning reads per mesh: a character whose
 * root node scales its centimetre data by 0.01 is its real size here too, and gets no suggestion.
 */
import { useMemo, type ReactElement } from 'react';
import { Box3 } from 'three';
import { restBounds } from '../../app/animation/index.ts';
import { registeredDocument } from '../document/sceneRegistry.ts';
import { overlapStore, useOverlap } from '../store/index.ts';
import { CheckboxField, NumberField, Row, Section } from './formControls.tsx';

/** The scene's size at rest in file units: its box's diagonal and height; null without meshes. */
export function sceneSize(documentId: number | null): { diagonal: number; height: number } | null {
  const entry = registeredDocument(documentId);
  if (!entry) return null;
  if (entry.imported) {
    if (entry.imported.meshes.length === 0) return null;
    const bounds = restBounds(entry.imported);
    return Number.isFinite(bounds.diagonal) && bounds.diagonal > 0 ? { diagonal: bounds.diagonal, height: bounds.max[1] - bounds.min[1] } : null;
  }
  // A file only three.js could read: its world box as loaded (the rest pose), the same measure as far as three.js goes.
  entry.gltf.scene.updateMatrixWorld(true);
  const box = new Box3().setFromObject(entry.gltf.scene);
  if (box.isEmpty()) return null;
  return { diagonal: box.max.distanceTo(box.min), height: box.max.y - box.min.y };
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
  const measured = useMemo(() => sceneSize(documentId), [documentId]);
  const size = measured?.diagonal ?? null;
  const suggestion = size === null ? null : suggestedScale(size, metersPerUnit);
  const { setMetersPerUnit, setEmbedSource } = overlapStore.getState();
  return (
    <Section title="Scene" testId="scene-panel" hint="Units of the file and what the project file holds">
      <fieldset className="form" disabled={running}>
        <Row label="Scale" hint="Metres per unit of the file: 1 for glTF's metres, 0.01 for a model exported in centimetres. The simulation uses the real size">
          <NumberField
            label="Metres per unit"
            value={metersPerUnit}
            min={1e-6}
            step="any"
            onCommit={(value) => value !== null && setMetersPerUnit(value)}
            testId="scene-scale"
          />
          <span className="unit">m/unit</span>
        </Row>
        <Row
          label="Size"
          hint="The scene at rest, as drawn (after node transforms, skins in their rest pose): its bounding box's diagonal and height at this scale, and the diagonal in the file's units"
        >
          <span className="value-text" data-testid="scene-size">
            {measured === null
              ? '—'
              : `${formatLength(measured.diagonal * metersPerUnit)} across, ${formatLength(measured.height * metersPerUnit)} tall${metersPerUnit !== 1 ? ` · ${measured.diagonal.toPrecision(3)} units` : ''}`}
          </span>
        </Row>
        {suggestion !== null && size !== null ? (
          <div className="scale-warning" role="status" data-testid="scale-warning">
            <p>
              At this scale the model is {formatLength(size * metersPerUnit)} across: it will move like something{' '}
              {size * metersPerUnit > PLAUSIBLE[1] ? 'huge' : 'tiny'}. It was probably made in {UNIT_NAMES[suggestion] ?? `units of ${suggestion} m`}.
            </p>
            <button
              type="button"
              className="primary-button small"
              onClick={() => setMetersPerUnit(suggestion)}
              title={`Set the scale to ${suggestion} m per unit (${formatLength(size * suggestion)} across)`}
              data-testid="scale-fix"
            >
              Use {UNIT_NAMES[suggestion] ?? `${suggestion} m`} ({formatLength(size * suggestion)})
            </button>
          </div>
        ) : null}
        <Row label="Embed" hint="Save the glTF inside the project file, so one file carries everything (larger file)">
          <CheckboxField
            checked={embed}
            onChange={(checked) => setEmbedSource(checked)}
            label="Embed the glTF in the project"
            text="glTF inside the project"
            testId="scene-embed"
          />
        </Row>
      </fieldset>
    </Section>
  );
}
