/**
 * The Paint panel's Pose corrections section: the painted mesh's keyed pose corrections (made with the Pose
 * tool), each with on/off, ease in/out, Go to and Delete.
 */
import type { ReactElement } from 'react';
import { overlapStore, useOverlap } from '../../store/index.ts';
import { NumberField } from '../formControls.tsx';

/** A correction's two ease lengths [frames]: the field, its accessible label and test id. */
const EASES = [
  ['easeIn', 'Ease in frames', 'pose-correction-ease-in'],
  ['easeOut', 'Ease out frames', 'pose-correction-ease-out'],
] as const;

/** @param mesh  the painted mesh's name */
export function PoseCorrectionList({ mesh }: { mesh: string }): ReactElement {
  const poseCorrections = useOverlap((state) => state.poseCorrections);
  const state = overlapStore.getState();
  const corrections = poseCorrections.filter((correction) => correction.mesh === mesh);
  return (
    <>
      <h3 className="subheading">Pose corrections</h3>
      <ul className="layer-list" aria-label="Pose corrections" data-testid="pose-correction-list">
        {corrections.length === 0 ? <li className="form-note">None: pick the Pose tool, select vertices and drag the gizmo</li> : null}
        {corrections.map((correction) => (
          <li key={correction.id} data-testid="pose-correction-row" data-id={correction.id} className={correction.enabled === false ? 'muted' : undefined}>
            <input
              type="checkbox"
              checked={correction.enabled !== false}
              onChange={(event) => state.updatePoseCorrection(correction.id, { enabled: event.target.checked })}
              aria-label={`Apply the pose correction at frame ${Math.round(correction.frame * 100) / 100}`}
              title="Apply this correction (off: kept in the project, not applied to bakes, the preview or exports; undoable)"
              data-testid="pose-correction-enabled"
            />
            <span
              className="layer-name"
              title={`${correction.vertices.length} vertices moved; eases in over ${correction.easeIn} frames and out over ${correction.easeOut}`}
            >
              Frame {Math.round(correction.frame * 100) / 100} · {correction.vertices.length} vertices
            </span>
            <span className="pose-ease" title="Frames it eases in over before its frame, and out over after it (undoable)">
              {EASES.map(([key, label, testId]) => (
                <NumberField
                  key={key}
                  label={label}
                  value={correction[key]}
                  min={0}
                  max={1000}
                  step={1}
                  onCommit={(value) => state.updatePoseCorrection(correction.id, { [key]: value ?? 0 })}
                  testId={testId}
                />
              ))}
            </span>
            <span className="layer-actions">
              <button type="button" className="link-button" onClick={() => state.scrubTo(correction.frame / state.fps)} title="Go to the correction's frame">
                Go to
              </button>
              <button
                type="button"
                className="link-button danger"
                onClick={() => state.removePoseCorrection(correction.id)}
                title="Delete this correction (undoable)"
                data-testid="pose-correction-delete"
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
