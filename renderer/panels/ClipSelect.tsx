/**
 * The drop-down of the document's clips, bound to the active clip (the one the timeline plays and the bake uses):
 * the timeline's and the Bake panel's pickers are the same control. Disabled, showing "—", when there is no clip.
 */
import type { ReactElement } from 'react';
import { overlapStore, useOverlap } from '../store/index.ts';

export function ClipSelect(props: { label?: string; testId: string }): ReactElement {
  const clips = useOverlap((state) => state.clips);
  const activeClip = useOverlap((state) => state.activeClip);
  return (
    <select
      value={activeClip}
      onChange={(event) => overlapStore.getState().setActiveClip(Number(event.target.value))}
      disabled={clips.length === 0}
      aria-label={props.label}
      data-testid={props.testId}
    >
      {clips.length === 0 ? <option value={-1}>—</option> : null}
      {clips.map((item, index) => (
        <option key={item.name} value={index}>
          {item.name}
        </option>
      ))}
    </select>
  );
}
