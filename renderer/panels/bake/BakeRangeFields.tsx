/**
 * The Simulation panel's what-to-bake rows: the clip (the timeline's), the inclusive frame range (with the
 * store's refusal of a bad range, and a note when it runs past the clip's end), and the frame rate (the
 * timeline's, shown here).
 */
import { useState, type ReactElement } from 'react';
import { overlapStore, useOverlap } from '../../store/index.ts';
import { NumberField, Row } from '../formControls.tsx';
import { ClipSelect } from '../ClipSelect.tsx';

export function BakeRangeFields(): ReactElement {
  const settings = useOverlap((state) => state.bakeSettings);
  const clips = useOverlap((state) => state.clips);
  const activeClip = useOverlap((state) => state.activeClip);
  const fps = useOverlap((state) => state.fps);
  const [rangeMessage, setRangeMessage] = useState<string | null>(null);
  const { setBakeSettings, setBakeRange } = overlapStore.getState();
  const clip = clips[activeClip];
  const lastClipFrame = clip ? Math.round(clip.duration * fps) : 0;
  const frames = settings.frames ?? [0, lastClipFrame];
  const past =
    frames[1] > lastClipFrame
      ? `Frames ${Math.max(frames[0], lastClipFrame + 1)}–${frames[1]} are past the clip's end (${lastClipFrame}): they hold its last pose${settings.loop ? ' (looping: they wrap to its start)' : ''}, and the simulation settles there.`
      : null;
  const setRange = (first: number, last: number): void => setRangeMessage(setBakeRange(first, last));
  return (
    <>
      <Row label="Clip" hint="The clip to bake: the timeline's clip">
        <ClipSelect label="Clip to bake" testId="bake-clip" />
      </Row>
      <Row label="Frames" hint={`Inclusive frame range at the timeline's ${fps} fps (drag its ends on the ruler); empty: the whole clip`} plain>
        <span className="range-fields">
          <NumberField
            label="First frame"
            value={settings.frames ? settings.frames[0] : null}
            placeholder="0"
            min={0}
            onCommit={(value) => (value === null && !settings.frames ? undefined : setRange(value ?? 0, frames[1]))}
            testId="bake-first-frame"
          />
          <span className="range-dash">–</span>
          <NumberField
            label="Last frame"
            value={settings.frames ? settings.frames[1] : null}
            placeholder={String(lastClipFrame)}
            min={0}
            onCommit={(value) => (value === null && !settings.frames ? undefined : setRange(frames[0], value ?? lastClipFrame))}
            testId="bake-last-frame"
          />
          {settings.frames ? (
            <button type="button" className="link-button" onClick={() => setBakeSettings({ frames: null })} title="Bake the whole clip">
              All
            </button>
          ) : null}
        </span>
      </Row>
      {rangeMessage ? (
        <p className="form-note error" role="alert" data-testid="bake-range-error">
          {rangeMessage}
        </p>
      ) : null}
      {past ? (
        <p className="form-note" data-testid="bake-range-note">
          {past}
        </p>
      ) : null}
      <Row label="Frame rate" hint="One rate for playback and bake: change it on the timeline">
        <span className="value-text" data-testid="bake-fps">
          {fps} fps (timeline)
        </span>
      </Row>
    </>
  );
}
