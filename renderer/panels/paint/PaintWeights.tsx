/**
 * The Paint panel's Weights section: fill the selection's weights with a value, fill smoothly between the
 * selected vertices (Laplacian fill), or reset to the engine's default weights.
 */
import type { ReactElement } from 'react';
import { fillWeights, laplacianFill, resetWeights } from '../../paint/paintSession.ts';
import { overlapStore } from '../../store/index.ts';
import { NumberField, Row } from '../formControls.tsx';

/**
 * The fill value is the panel's state (kept while paint mode is off), handed in with its setter.
 * @param mesh  the painted mesh's name
 * @param warn  shows a paint tool's refusal (null: nothing to say) as a notice
 */
export function PaintWeights({
  mesh,
  fillValue,
  setFillValue,
  warn,
}: {
  mesh: string;
  fillValue: number;
  setFillValue(value: number): void;
  warn(text: string | null): void;
}): ReactElement {
  return (
    <>
      <h3 className="subheading">Weights</h3>
      <Row label="Fill" hint="Set the weight of the selected vertices (every vertex without a selection) on the layer being painted" plain>
        <NumberField
          label="Fill weight"
          value={fillValue}
          min={0}
          max={1}
          step={0.05}
          onCommit={(value) => setFillValue(Math.min(1, Math.max(0, value ?? 0)))}
          testId="fill-value"
        />
        <button
          type="button"
          className="secondary-button small"
          onClick={() => fillWeights(overlapStore, mesh, fillValue)}
          title="Flood fill: set this weight (undoable)"
          data-testid="fill-weights"
        >
          Fill
        </button>
      </Row>
      <div className="button-line">
        <button
          type="button"
          className="secondary-button small"
          onClick={() => warn(laplacianFill(overlapStore, mesh))}
          title="Keep the selected vertices' weights and fill every other vertex smoothly between them (Laplacian interpolation)"
          data-testid="laplacian-fill"
        >
          Smooth fill from selection
        </button>
        <button
          type="button"
          className="secondary-button small"
          onClick={() => resetWeights(overlapStore, mesh)}
          title="Back to the engine's default weights (undoable)"
          data-testid="reset-weights"
        >
          Reset to default
        </button>
      </div>
    </>
  );
}
