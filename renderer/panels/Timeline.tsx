/**
 * The timeline: transport (start, previous frame, play/pause, next frame, end, loop), the clip
 * picker, frame and time readouts, the document's one frame rate (the clip's key rate by default;
 * playback and the bake use it), and a ruler to scrub on (click or drag; arrow keys when focused).
 * The ruler also shows the bake range (drag its ends; arrow keys on a focused end), weight-layer keys
 * and keyed pose corrections as marks, and frames a simulation session has cached for playback.
 * Frames are `round(time · fps)`; the last frame is the clip's duration.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent, type ReactElement } from 'react';
import { FRAME_RATES, frameAt, overlapStore, useOverlap, type BakePanelSettings } from '../store/index.ts';
import { Icon, type IconName } from './icons.tsx';
import { ClipSelect } from './ClipSelect.tsx';
import { backendLine } from '../document/livePreview.ts';

/** Tick spacing in frames so that labels stay at least ~56 px apart. */
function tickStep(frameCount: number, width: number): number {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];
  for (const step of steps) if ((step / Math.max(frameCount, 1)) * width >= 56) return step;
  return steps[steps.length - 1];
}

/** A mark on the ruler: a weight-layer key (diamond) or a keyed pose correction. */
interface RulerMark {
  frame: number;
  kind: 'weightKey' | 'correction';
  label: string;
  /** a correction's ease span [frames]: from frame − easeIn to frame + hold + easeOut */
  span?: [number, number];
  /** a correction that is switched off */
  muted?: boolean;
}

/**
 * One drag of a range handle is one undo step, as a drag is in every DCC tool: the history is paused while the
 * handle moves (the range follows the pointer live), and on release the range is put back to where the drag began and
 * set once to where it ended, with the history recording.
 */
const rangeDrag = (() => {
  let start: BakePanelSettings['frames'] | undefined;
  return {
    begin(): void {
      if (start !== undefined) return;
      start = overlapStore.getState().bakeSettings.frames;
      overlapStore.temporal.getState().pause();
    },
    end(): void {
      if (start === undefined) return;
      const from = start;
      start = undefined;
      const state = overlapStore.getState();
      const to = state.bakeSettings.frames;
      if (to !== from) state.setBakeSettings({ frames: from });
      overlapStore.temporal.getState().resume();
      if (to !== from) {
        if (to) overlapStore.getState().setBakeRange(to[0], to[1]);
        else overlapStore.getState().setBakeSettings({ frames: null });
      }
    },
  };
})();

/** A draggable end of the bake range on the ruler. */
function RangeHandle({
  side,
  frame,
  frameCount,
  onMove,
}: {
  side: 'first' | 'last';
  frame: number;
  frameCount: number;
  onMove(frame: number): void;
}): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  const frameAtX = (clientX: number): number => {
    const track = ref.current?.parentElement?.getBoundingClientRect();
    if (!track) return frame;
    return Math.round(Math.min(Math.max((clientX - track.left) / track.width, 0), 1) * frameCount);
  };
  return (
    <div
      ref={ref}
      className={`range-handle ${side}`}
      style={{ left: `${(Math.min(frame, frameCount) / frameCount) * 100}%` }}
      role="slider"
      tabIndex={0}
      aria-label={side === 'first' ? 'First baked frame' : 'Last baked frame'}
      aria-valuemin={0}
      aria-valuemax={frameCount}
      aria-valuenow={frame}
      title={`${side === 'first' ? 'First' : 'Last'} frame of the bake: ${frame} (drag, or ←/→)`}
      data-testid={`range-${side}`}
      onPointerDown={(event) => {
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        rangeDrag.begin();
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) onMove(frameAtX(event.clientX));
      }}
      onPointerUp={() => rangeDrag.end()}
      onLostPointerCapture={() => rangeDrag.end()}
      onKeyDown={(event) => {
        const step = event.shiftKey ? 10 : 1;
        if (event.key === 'ArrowLeft') onMove(frame - step);
        else if (event.key === 'ArrowRight') onMove(frame + step);
        else return;
        event.preventDefault();
        event.stopPropagation();
      }}
    />
  );
}

function Ruler({ duration, fps, time }: { duration: number; fps: number; time: number }): ReactElement {
  const bakeFrames = useOverlap((state) => state.bakeSettings.frames);
  const cachedRanges = useOverlap((state) => state.cachedRanges);
  const layers = useOverlap((state) => state.layers);
  const corrections = useOverlap((state) => state.poseCorrections);
  const marks = useMemo(
    () => [
      ...layers.flatMap((layer) =>
        layer.keys.map(
          (key): RulerMark => ({
            frame: key.frame,
            kind: 'weightKey',
            label: `${layer.name}: ${key.influence === 1 ? 'on' : key.influence === 0 ? 'off' : key.influence.toFixed(2)} at frame ${key.frame}`,
          }),
        ),
      ),
      ...corrections.map(
        (correction): RulerMark => ({
          frame: correction.frame,
          kind: 'correction',
          label: `Pose correction${correction.name ? ` "${correction.name}"` : ''} at frame ${Math.round(correction.frame * 100) / 100} (eases in over ${correction.easeIn}, out over ${correction.easeOut} frames${correction.enabled === false ? '; off' : ''})`,
          span: [correction.frame - correction.easeIn, correction.frame + (correction.hold ?? 0) + correction.easeOut],
          muted: correction.enabled === false,
        }),
      ),
    ],
    [layers, corrections],
  );
  const ref = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const frameCount = Math.max(1, Math.round(duration * fps));
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const step = tickStep(frameCount, width);
  const ticks = useMemo(() => {
    const list: number[] = [];
    for (let frame = 0; frame <= frameCount; frame += step) list.push(frame);
    return list;
  }, [frameCount, step]);
  const minorStep = step >= 5 ? step / 5 : step;
  const minorTicks = useMemo(() => {
    const list: number[] = [];
    if (minorStep !== step) for (let frame = 0; frame <= frameCount; frame += minorStep) if (frame % step !== 0) list.push(frame);
    return list;
  }, [frameCount, step, minorStep]);

  const scrubAt = useCallback(
    (clientX: number) => {
      const box = track.current?.getBoundingClientRect();
      if (!box || duration <= 0) return;
      const fraction = Math.min(Math.max((clientX - box.left) / box.width, 0), 1);
      // Snap to frames while scrubbing, as DCC timelines do.
      overlapStore.getState().scrubTo(Math.round(fraction * duration * fps) / fps);
    },
    [duration, fps],
  );
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    scrubAt(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) scrubAt(event.clientX);
  };
  const position = duration > 0 ? (time / duration) * 100 : 0;
  const frame = frameAt(time, fps);
  const range = bakeFrames ?? [0, frameCount];
  const moveRange = (side: 'first' | 'last', to: number): void => {
    const state = overlapStore.getState();
    const [first, last] = state.bakeSettings.frames ?? [0, frameCount];
    const next = side === 'first' ? [Math.min(Math.max(0, to), last), last] : [first, Math.max(first, to)];
    state.setBakeRange(next[0], next[1]);
  };
  const percent = (value: number): string => `${(Math.min(Math.max(value, 0), frameCount) / frameCount) * 100}%`;

  return (
    <div className="ruler-wrap">
      <div
        ref={ref}
        className="ruler"
        role="slider"
        tabIndex={0}
        aria-label="Playhead"
        title="Playhead: click or drag to scrub (snaps to frames); ←/→ step a frame, Shift 10, Home/End"
        aria-valuemin={0}
        aria-valuemax={frameCount}
        aria-valuenow={frame}
        aria-valuetext={`frame ${frame} of ${frameCount}`}
        data-testid="timeline-ruler"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onKeyDown={(event) => {
          const state = overlapStore.getState();
          const big = event.shiftKey ? 10 : 1;
          if (event.key === 'ArrowLeft') state.stepFrames(-big);
          else if (event.key === 'ArrowRight') state.stepFrames(big);
          else if (event.key === 'Home') state.scrubTo(0);
          else if (event.key === 'End') state.scrubTo(duration);
          else return;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div ref={track} className="ruler-track">
          {minorTicks.map((tick) => (
            <span key={`m${tick}`} className="tick minor" style={{ left: `${(tick / frameCount) * 100}%` }} />
          ))}
          {ticks.map((tick) => (
            <span key={tick} className="tick major" style={{ left: `${(tick / frameCount) * 100}%` }}>
              <span className="tick-label">{tick}</span>
            </span>
          ))}
          {cachedRanges.map(([a, b]) => (
            <div
              key={`c${a}`}
              className="cached-range"
              style={{ left: percent(a), width: `calc(${percent(b)} - ${percent(a)})` }}
              title={`Frames ${a}–${b} simulated and cached for playback`}
            />
          ))}
          <div
            className={`bake-range${bakeFrames ? ' set' : ''}`}
            style={{ left: percent(range[0]), width: `calc(${percent(range[1])} - ${percent(range[0])})` }}
            title={`Bake range: frames ${range[0]}–${range[1]}${range[1] > frameCount ? ` (past the clip's end at ${frameCount})` : ''}`}
            data-testid="bake-range"
          />
          {marks.map((mark, index) =>
            mark.span ? (
              <span
                key={`e${index}`}
                className={`ruler-ease${mark.muted ? ' muted' : ''}`}
                style={{ left: percent(mark.span[0]), width: `calc(${percent(mark.span[1])} - ${percent(mark.span[0])})` }}
                data-testid="ruler-ease"
              />
            ) : null,
          )}
          {marks.map((mark, index) => (
            <span
              key={index}
              className={`ruler-mark ${mark.kind}${mark.muted ? ' muted' : ''}`}
              style={{ left: percent(mark.frame) }}
              title={mark.label}
              data-testid="ruler-mark"
              data-kind={mark.kind}
            />
          ))}
          <div className="played" style={{ width: `${position}%` }} />
          <div className={`playhead${position > 92 ? ' at-end' : ''}`} style={{ left: `${position}%` }} data-testid="playhead">
            <span className="playhead-flag">{frame}</span>
          </div>
        </div>
      </div>
      {/* The range ends are sliders of their own: beside the playhead slider, not inside it (no nested controls). */}
      <div className="ruler-overlay">
        <RangeHandle side="first" frame={range[0]} frameCount={frameCount} onMove={(to) => moveRange('first', to)} />
        <RangeHandle side="last" frame={range[1]} frameCount={frameCount} onMove={(to) => moveRange('last', to)} />
      </div>
    </div>
  );
}

/** One of the transport's plain icon buttons (start, previous, next, end): its tooltip names the shortcut. */
function TransportButton(props: { icon: IconName; title: string; label: string; disabled: boolean; onClick(): void }): ReactElement {
  return (
    <button type="button" className="icon-button" title={props.title} aria-label={props.label} disabled={props.disabled} onClick={props.onClick}>
      <Icon name={props.icon} />
    </button>
  );
}

export function Timeline(): ReactElement {
  const clips = useOverlap((state) => state.clips);
  const activeClip = useOverlap((state) => state.activeClip);
  const time = useOverlap((state) => state.clipTime);
  const playing = useOverlap((state) => state.playing);
  const loop = useOverlap((state) => state.loop);
  const fps = useOverlap((state) => state.fps);
  const fpsFromClip = useOverlap((state) => state.fpsFromClip);
  const livePreview = useOverlap((state) => state.livePreview);
  const previewStatus = useOverlap((state) => state.previewStatus);
  const previewBackendLine = previewStatus ? backendLine : null;
  const actions = overlapStore.getState();
  const clip = activeClip >= 0 ? clips[activeClip] : undefined;
  const duration = clip?.duration ?? 0;
  const frameCount = Math.round(duration * fps);
  const disabled = !clip || duration <= 0;

  return (
    <section className="timeline panel" aria-label="Timeline">
      <div className="transport">
        <div className="button-row" role="group" aria-label="Transport">
          <TransportButton icon="first" title="Go to start (Home)" label="Go to start" disabled={disabled} onClick={() => actions.scrubTo(0)} />
          <TransportButton icon="previous" title="Previous frame (←)" label="Previous frame" disabled={disabled} onClick={() => actions.stepFrames(-1)} />
          <button
            type="button"
            className={`icon-button play${playing ? ' on' : ''}`}
            title={playing ? 'Pause (Space)' : 'Play (Space)'}
            aria-label={playing ? 'Pause' : 'Play'}
            disabled={disabled}
            onClick={actions.togglePlaying}
            data-testid="timeline-play"
          >
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          <TransportButton icon="next" title="Next frame (→)" label="Next frame" disabled={disabled} onClick={() => actions.stepFrames(1)} />
          <TransportButton icon="last" title="Go to end (End)" label="Go to end" disabled={disabled} onClick={() => actions.scrubTo(duration)} />
          <button
            type="button"
            className={`icon-button toggle${loop ? ' on' : ''}`}
            title="Loop (L)"
            aria-label="Loop"
            aria-pressed={loop}
            onClick={() => actions.setLoop(!loop)}
            data-testid="timeline-loop"
          >
            <Icon name="loop" />
          </button>
          <button
            type="button"
            className={`toggle-chip live-toggle${livePreview ? ' on' : ''}`}
            title="Live preview: simulate while playing, with the bake's settings and the same step as the bake; simulated frames are cached (the ruler's bar) and playback waits for the simulation"
            aria-pressed={livePreview}
            disabled={disabled}
            onClick={() => actions.setLivePreview(!livePreview)}
            data-testid="live-preview"
          >
            Live
          </button>
        </div>
        {livePreview && previewStatus ? (
          <span className="preview-status" role="status" data-testid="preview-status" title={previewBackendLine ?? undefined}>
            {previewStatus}
          </span>
        ) : null}
        <label className="field" title="The clip on the timeline (also the one the bake uses)">
          <span className="field-label">Clip</span>
          <ClipSelect testId="clip-select" />
        </label>
        <div className="readout" title="Current frame / last frame of the clip" aria-live="off">
          <span className="readout-label">Frame</span>
          <span className="readout-value" data-testid="timeline-frame">
            {frameAt(time, fps)}
          </span>
          <span className="readout-total">/ {frameCount}</span>
        </div>
        <div className="readout" data-testid="time-readout" title="Current time / clip length in seconds">
          <span className="readout-value">{time.toFixed(3)}</span>
          <span className="readout-total">/ {duration.toFixed(3)} s</span>
        </div>
        <label className="field" title="Frames per second of playback and of the bake (one rate for both). Clip: the clip's own key rate">
          <span className="field-label">FPS</span>
          <select
            value={fpsFromClip ? 'clip' : fps}
            onChange={(event) => (event.target.value === 'clip' ? actions.setFpsFromClip() : actions.setFps(Number(event.target.value)))}
            data-testid="timeline-fps"
            aria-label="Frame rate"
          >
            <option value="clip">Clip ({clip?.frameRate ?? 30})</option>
            {(FRAME_RATES.includes(fps as (typeof FRAME_RATES)[number]) ? FRAME_RATES : [...FRAME_RATES, fps]).map((rate) => (
              <option key={rate} value={rate}>
                {rate}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Ruler duration={duration} fps={fps} time={time} />
    </section>
  );
}
