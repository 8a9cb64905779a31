/**
 * The Simulation panel's how-to-bake rows: pre-roll, loop, output (corrective morph targets, jiggle bones,
 * vertex cache), self-contact and input repair.
 */
import type { ReactElement } from 'react';
import type { ExportMode } from '../../../app/document/index.ts';
import { overlapStore, useOverlap } from '../../store/index.ts';
import { NumberField, Row } from '../formControls.tsx';

export function BakeOptionFields(): ReactElement {
  const settings = useOverlap((state) => state.bakeSettings);
  const { setBakeSettings } = overlapStore.getState();
  return (
    <>
      <Row label="Pre-roll" hint="Frames simulated before the first baked frame, to settle; empty: 0, or one cycle when looping">
        <NumberField
          label="Pre-roll frames"
          value={settings.preroll}
          placeholder={settings.loop ? 'cycle' : '0'}
          min={0}
          onCommit={(value) => setBakeSettings({ preroll: value })}
          testId="bake-preroll"
        />
      </Row>
      <Row label="Loop" hint="Cyclic clip (walk, run): the pre-roll wraps around it and the seam is closed">
        <input
          type="checkbox"
          checked={settings.loop}
          onChange={(event) => setBakeSettings({ loop: event.target.checked })}
          aria-label="Cyclic clip"
          data-testid="bake-loop"
        />
        <span className="checkbox-text">Cyclic clip</span>
      </Row>
      <Row
        label="Output"
        hint="Corrective morph targets keep the skin driving the mesh; jiggle bones add helper joints any engine skins (smallest file, approximate); a vertex cache stores every vertex every frame"
      >
        <select
          value={settings.mode}
          onChange={(event) => setBakeSettings({ mode: event.target.value as ExportMode })}
          aria-label="Export mode"
          data-testid="bake-mode"
        >
          <option value="corrective">Corrective morph targets</option>
          <option value="bones">Jiggle bones</option>
          <option value="cache">Vertex cache</option>
        </select>
      </Row>
      <Row
        label="Contact"
        hint="Self-contact (OGC): the simulated surfaces never pass through themselves or through meshes set to Collider; a frame never has more intersections than the input at that frame. Slower"
      >
        <input
          type="checkbox"
          checked={settings.selfContact}
          onChange={(event) => setBakeSettings({ selfContact: event.target.checked })}
          aria-label="Self-contact"
          data-testid="bake-self-contact"
        />
        <span className="checkbox-text">Self-contact</span>
      </Row>
      <Row
        label="Repair"
        hint="Remove the input's own intersections (those its rest pose does not have) frame by frame before simulating; weight-0 regions then follow the repaired input"
      >
        <input
          type="checkbox"
          checked={settings.repair}
          onChange={(event) => setBakeSettings({ repair: event.target.checked })}
          aria-label="Repair input intersections"
          data-testid="bake-repair"
        />
        <span className="checkbox-text">Repair input intersections</span>
      </Row>
    </>
  );
}
