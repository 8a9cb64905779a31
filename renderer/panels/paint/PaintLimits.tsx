/**
 * The Paint panel's Pins and limits section: pin the selection to the animation, give it a max distance,
 * clear its limits; and the backstop that keeps the mesh's limited vertices from sinking into the body.
 */
import type { ReactElement } from 'react';
import { limitSelection, paintTargetMesh } from '../../paint/paintSession.ts';
import { overlapStore, useOverlap } from '../../store/index.ts';
import { NumberField, Row } from '../formControls.tsx';

/**
 * The max distance is the panel's state (kept while paint mode is off), handed in with its setter.
 * @param mesh  the painted mesh's name
 * @param limitCm  the max distance the Limit button applies [cm]
 * @param warn  shows a paint tool's refusal (null: nothing to say) as a notice
 */
export function PaintLimits({
  mesh,
  limitCm,
  setLimitCm,
  warn,
}: {
  mesh: string;
  limitCm: number;
  setLimitCm(value: number): void;
  warn(text: string | null): void;
}): ReactElement {
  const backstop = useOverlap((state) => {
    const target = paintTargetMesh(overlapStore);
    return target ? (state.meshSettings[target]?.backstop ?? null) : null;
  });
  const state = overlapStore.getState();
  return (
    <>
      <h3 className="subheading">Pins and limits</h3>
      <div className="button-line">
        <button
          type="button"
          className="primary-button small"
          onClick={() => warn(limitSelection(overlapStore, mesh, 0))}
          title="Pin the selected vertices to the animation (max distance 0: they follow it exactly)"
          data-testid="pin-selection"
        >
          Pin selection
        </button>
        <button
          type="button"
          className="secondary-button small"
          onClick={() => warn(limitSelection(overlapStore, mesh, Infinity))}
          title="Remove the pins and limits of the selected vertices"
          data-testid="clear-limits"
        >
          Clear limits
        </button>
      </div>
      <Row
        label="Max dist."
        hint="The selected vertices never get farther than this from their animated position (a hard limit, as Unity Cloth's max distance)"
        plain
      >
        <NumberField
          label="Max distance in centimetres"
          value={limitCm}
          min={0}
          step={0.5}
          onCommit={(value) => setLimitCm(Math.max(0, value ?? 0))}
          testId="limit-value"
        />
        <span className="unit">cm</span>
        <button
          type="button"
          className="secondary-button small"
          onClick={() => warn(limitSelection(overlapStore, mesh, limitCm / 100))}
          title="Limit the selected vertices to this distance"
          data-testid="limit-selection"
        >
          Limit
        </button>
      </Row>
      <Row
        label="Backstop"
        hint="Keeps limited vertices from sinking into the body: a sphere of this radius [cm] behind each one they may not enter (empty: off)"
      >
        <NumberField
          label="Backstop radius in centimetres"
          value={backstop ? backstop.radius * 100 : null}
          placeholder="off"
          min={0}
          step={0.5}
          onCommit={(value) =>
            state.setMeshSettings(mesh, { backstop: value && value > 0 ? { radius: value / 100, distance: backstop?.distance ?? 0 } : null })
          }
          testId="backstop-radius"
        />
        <span className="unit">cm</span>
      </Row>
    </>
  );
}
