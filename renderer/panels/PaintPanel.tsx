/**
 * The Paint panel (in paint mode): which mesh is painted, the weight layers (the base, and layers
 * keyed on and off in time, e.g. the tail free while running and pinned while sitting), the vertex
 * selection (select all, none, invert, by skin bone) and what to do with it: fill its weights, fill
 * smoothly between it (Laplacian fill), pin it to the animation, give it a max distance, clear limits;
 * the backstop of the mesh's limited vertices; the mesh's keyed pose corrections (made with the Pose tool: on/off, ease in/out, go to
 * one, delete one).
 *
 * The panel composes one component per section (renderer/panels/paint/). The values typed into the sections
 * (fill weight, max distance, bone) are held here, so they survive leaving and re-entering paint mode.
 */
import { useMemo, useState, type ReactElement } from 'react';
import { meshBones, paintTargetMesh } from '../paint/paintSession.ts';
import { overlapStore, useOverlap } from '../store/index.ts';
import { Section } from './formControls.tsx';
import { PaintLayers } from './paint/PaintLayers.tsx';
import { PaintLimits } from './paint/PaintLimits.tsx';
import { PaintSelection } from './paint/PaintSelection.tsx';
import { PaintWeights } from './paint/PaintWeights.tsx';
import { PoseCorrectionList } from './paint/PoseCorrectionList.tsx';

export function PaintPanel(): ReactElement | null {
  const paintMode = useOverlap((state) => state.paintMode);
  const documentId = useOverlap((state) => state.documentId);
  // The painted mesh (paintTargetMesh) follows the selected mesh and the meshes' settings: re-render on either.
  useOverlap((state) => state.selectedMesh);
  useOverlap((state) => state.meshSettings);
  const [fillValue, setFillValue] = useState(1);
  const [limitCm, setLimitCm] = useState(2);
  const [bone, setBone] = useState(0);
  const [descendants, setDescendants] = useState(true);
  const mesh = paintMode ? paintTargetMesh(overlapStore) : null;
  const bones = useMemo(() => (mesh ? meshBones(documentId, mesh) : []), [documentId, mesh]);
  if (!paintMode || !mesh) return null;
  const warn = (text: string | null): void => void (text && overlapStore.getState().notify('warning', `Paint: ${text}`, 'paint'));
  return (
    <Section
      title={`Paint · ${mesh}`}
      testId="paint-panel"
      hint="Weight layers, vertex selection, pins and limits of the painted mesh (select another mesh in the outliner)"
    >
      <div className="form">
        <PaintLayers mesh={mesh} />

        <PaintSelection mesh={mesh} bones={bones} bone={bone} setBone={setBone} descendants={descendants} setDescendants={setDescendants} />

        <PaintWeights mesh={mesh} fillValue={fillValue} setFillValue={setFillValue} warn={warn} />

        <PaintLimits mesh={mesh} limitCm={limitCm} setLimitCm={setLimitCm} warn={warn} />

        <PoseCorrectionList mesh={mesh} />
      </div>
    </Section>
  );
}
