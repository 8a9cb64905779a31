/**
 * The Paint panel's Selection section: how many vertices are selected; select all, none, invert, and by
 * skin bone (the vertices bound mostly to a bone, with its child bones or without).
 */
import type { ReactElement } from 'react';
import { paintSession, selectByBone, selectionChanged } from '../../paint/paintSession.ts';
import { overlapStore, useOverlap } from '../../store/index.ts';
import { Row } from '../formControls.tsx';

/**
 * The bone choice is the panel's state (kept while paint mode is off), handed in with its setters.
 * @param mesh  the painted mesh's name
 * @param bones  the names of its skin's bones, by index (empty: no By bone row)
 */
export function PaintSelection(props: {
  mesh: string;
  bones: string[];
  bone: number;
  setBone(bone: number): void;
  descendants: boolean;
  setDescendants(descendants: boolean): void;
}): ReactElement {
  const { mesh, bones, bone, descendants } = props;
  const documentId = useOverlap((state) => state.documentId);
  const selectionCount = useOverlap((state) => state.selectionCount);
  const select = (how: 'all' | 'none' | 'invert'): void => {
    const made = paintSession(documentId)?.tools(mesh) ?? null;
    if (!made) return;
    const selection = made.paint.selection;
    for (let v = 0; v < selection.length; v++) selection[v] = how === 'all' ? 1 : how === 'none' ? 0 : 1 - selection[v];
    selectionChanged(overlapStore, made);
  };
  return (
    <>
      <h3 className="subheading">Selection · {selectionCount.toLocaleString('en-US')} vertices</h3>
      <div className="button-line">
        <button type="button" className="secondary-button small" onClick={() => select('all')} title="Select every vertex of the mesh" data-testid="select-all">
          All
        </button>
        <button type="button" className="secondary-button small" onClick={() => select('none')} title="Clear the selection" data-testid="select-none">
          None
        </button>
        <button type="button" className="secondary-button small" onClick={() => select('invert')} title="Invert the selection" data-testid="select-invert">
          Invert
        </button>
      </div>
      {bones.length > 0 ? (
        <Row label="By bone" hint="Select the vertices bound mostly to a bone (largest skin weight), e.g. everything on the head" plain>
          <select value={bone} onChange={(event) => props.setBone(Number(event.target.value))} aria-label="Bone" title="Bone" data-testid="select-bone">
            {bones.map((name, index) => (
              <option key={index} value={index}>
                {name}
              </option>
            ))}
          </select>
          <label className="inline-check" title="Also the bones below it (the whole tail from its root)">
            <input type="checkbox" checked={descendants} onChange={(event) => props.setDescendants(event.target.checked)} aria-label="Include child bones" />
            children
          </label>
          <button
            type="button"
            className="secondary-button small"
            onClick={() => selectByBone(overlapStore, mesh, bone, descendants, 'replace')}
            title="Select the vertices bound mostly to this bone"
            data-testid="select-by-bone"
          >
            Select
          </button>
        </Row>
      ) : null}
    </>
  );
}
