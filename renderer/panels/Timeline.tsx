/**
 * The timeline: transport (start, previous frame, play/pause, next frame, end, loop), the clip
 * picker, frame and time readouts, the frame rate, and a ruler to scrub on (click or drag; arrow
 * keys when focused). Frames are `round(time · fps)`; the last frame is the clip's duration.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent, type ReactElement } from 'react';
import { FRAME_RATES, frameAt, overlapStore, useOverlap } from '../store/index.ts';
import { Icon } from './icons.tsx';

/** Tick spacing in frames so that labels stay at least ~56 px apart. */
function tickStep(frameCount: number, width: number): number {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];
  for (const step of steps) if ((step / Math.max(frameCount, 1)) * width >= 56) return step;
  return steps[steps.length - 1];
}

function Ruler({ duration, fps, time }: { duration: number; fps: number; time: number }): ReactElement {
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

  return (
    <div
      ref={ref}
      className="ruler"
      role="slider"
      tabIndex={0}
      aria-label="Playhead"
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
        <div className="played" style={{ width: `${position}%` }} />
        <div className={`playhead${position > 92 ? ' at-end' : ''}`} style={{ left: `${position}%` }} data-testid="playhead">
          <span className="playhead-flag">{frame}</span>
        </div>
      </div>
    </div>
  );
}

export function Timeline(): ReactElement {
  const clips = useOverlap((state) => state.clips);
  const activeClip = useOverlap((state) => state.activeClip);
  const time = useOverlap((state) => state.clipTime);
  const playing = useOverlap((state) => state.playing);
  const loop = useOverlap((state) => state.loop);
  const fps = useOverlap((state) => state.fps);
  const actions = overlapStore.getState();
  const clip = activeClip >= 0 ? clips[activeClip] : undefined;
  const duration = clip?.duration ?? 0;
  const frameCount = Math.round(duration * fps);
  const disabled = !clip || duration <= 0;

  return (
    <section className="timeline panel" aria-label="Timeline">
      <div className="transport">
        <div className="button-row" role="group" aria-label="Transport">
          <button type="button" className="icon-button" title="Go to start (Home)" aria-label="Go to start" disabled={disabled} onClick={() => actions.scrubTo(0)}>
            <Icon name="first" />
          </button>
          <button type="button" className="icon-button" title="Previous frame (←)" aria-label="Previous frame" disabled={disabled} onClick={() => actions.stepFrames(-1)}>
            <Icon name="previous" />
          </button>
          <button
            type="button"
            className={`icon-button play${playing ? ' on' : ''}`}
            title={playing ? 'Pause (Space)' : 'Play (Space)'}
            aria-label={playing ? 'Pause' : 'Play'}
            disabled={disabled}
            onClick={actions.togglePlaying}
            data-testid="play-pause"
          >
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          <button type="button" className="icon-button" title="Next frame (→)" aria-label="Next frame" disabled={disabled} onClick={() => actions.stepFrames(1)}>
            <Icon name="next" />
          </button>
          <button type="button" className="icon-button" title="Go to end (End)" aria-label="Go to end" disabled={disabled} onClick={() => actions.scrubTo(duration)}>
            <Icon name="last" />
          </button>
          <button type="button" className={`icon-button toggle${loop ? ' on' : ''}`} title="Loop (L)" aria-label="Loop" aria-pressed={loop} onClick={() => actions.setLoop(!loop)}>
            <Icon name="loop" />
          </button>
        </div>
        <label className="field">
          <span className="field-label">Clip</span>
          <select value={activeClip} onChange={(event) => actions.setActiveClip(Number(event.target.value))} disabled={clips.length === 0} data-testid="clip-select">
            {clips.length === 0 ? <option value={-1}>—</option> : null}
            {clips.map((item, index) => (
              <option key={item.name} value={index}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <div className="readout" data-testid="frame-readout" aria-live="off">
          <span className="readout-label">Frame</span>
          <span className="readout-value">{String(frameAt(time, fps)).padStart(String(frameCount).length, '0')}</span>
          <span className="readout-total">/ {frameCount}</span>
        </div>
        <div className="readout" data-testid="time-readout">
          <span className="readout-value">{time.toFixed(3)}</span>
          <span className="readout-total">/ {duration.toFixed(3)} s</span>
        </div>
        <label className="field">
          <span className="field-label">FPS</span>
          <select value={fps} onChange={(event) => actions.setFps(Number(event.target.value))}>
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
