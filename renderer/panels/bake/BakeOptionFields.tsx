/**
 * The Simulation panel's how-to-bake rows: pre-roll, loop, output (corrective morph targets, jiggle bones,
 * vertex cache), self-contact and input repair.
 */
import type { ReactElement } from 'react';
import type { ExportMode } from '../../../app/document/index.ts';
import { overlapStore, useOverlap } from '../../store/index.ts';
import { CheckboxField, NumberField, Row, SelectField } from '../formControls.tsx';

const EXPORT_MODE_OPTIONS: readonly (readonly [ExportMode, string])[] = [
  ['corrective', 'Corrective morph targets'],
  ['bones', 'Jiggle bones'],
  ['cache', 'Vertex cache'],
];

/** The on/off settings: the row's label and tooltip, the checkbox's text (also its accessible label) and test id. */
const SWITCHES = {
  loop: {
    row: 'Loop',
    hint: 'Cyclic clip (walk, run): the pre-roll wraps around it and the seam is closed',
    text: 'Cyclic clip',
    testId: 'bake-loop',
  },
  selfContact: {
    row: 'Contact',
    hint: 'Self-contact (OGC): the simulated surfaces never pass through themselves or through meshes set to Collider; a frame never has more intersections than the input at that frame. Slower',
    text: 'Self-contact',
    testId: 'bake-self-contact',
  },
  repair: {
    row: 'Repair',
    hint: "Remove the input's own intersections (those its rest pose does not have) frame by frame before simulating; weight-0 regions then follow the repaired input",
    text: 'Repair input intersections',
    testId: 'bake-repair',
  },
} as const;

export function BakeOptionFields(): ReactElement {
  const settings = useOverlap((state) => state.bakeSettings);
  const { setBakeSettings } = overlapStore.getState();
  const switchRow = (key: keyof typeof SWITCHES): ReactElement => (
    <Row label={SWITCHES[key].row} hint={SWITCHES[key].hint}>
      <CheckboxField
        checked={settings[key]}
        onChange={(checked) => setBakeSettings({ [key]: checked })}
        label={SWITCHES[key].text}
        text={SWITCHES[key].text}
        testId={SWITCHES[key].testId}
      />
    </Row>
  );
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
      {switchRow('loop')}
      <Row
        label="Output"
        hint="Corrective morph targets keep the skin driving the mesh; jiggle bones add helper joints any engine skins (smallest file, approximate); a vertex cache stores every vertex every frame"
      >
        <SelectField
          value={settings.mode}
          options={EXPORT_MODE_OPTIONS}
          onChange={(mode) => setBakeSettings({ mode })}
          label="Export mode"
          testId="bake-mode"
        />
      </Row>
      {switchRow('selfContact')}
      {switchRow('repair')}
    </>
  );
}
