/**
 * The playhead: active clip, time, play state, loop, and the document's one frame rate, used by the
 * readout, frame stepping, the ruler, the bake range, weight-layer keys and the bake itself. glTF
 * stores times in seconds and has no frame rate: the default is the clip's key rate (app/bake
 * clipFrameRate: Fox.glb 24, the sample 30) and follows the clip until the user picks a rate.
 * `cachedRanges` are frame ranges the live preview's simulation session has computed (document/livePreview.ts):
 * the ruler shows them, and while the live preview is on, playback waits at the end of the simulated frames
 * instead of running ahead of the physics (as Houdini's and Blender's simulate-while-playing do).
 */
import type { SliceCreator } from './types.ts';

/** How the live preview's failures begin (playback stops waiting for the simulation then). */
export const PREVIEW_FAILED = 'Preview failed';

export const FRAME_RATES = [24, 25, 30, 48, 50, 60] as const;

export interface TimelineSlice {
  /** index into `clips`, -1 when the document has none */
  activeClip: number;
  /** playhead time in the active clip [s], in [0, duration] */
  clipTime: number;
  playing: boolean;
  loop: boolean;
  /** frames per second of playback, the readout, stepping and the bake */
  fps: number;
  /** true while `fps` follows the active clip's key rate (until the user picks one) */
  fpsFromClip: boolean;
  /** inclusive frame ranges of simulated frames ready for playback (filled by the preview session) */
  cachedRanges: Array<[number, number]>;
  /** the viewport shows the simulation frame by frame as it plays (the live preview) */
  livePreview: boolean;
  /** what the live preview is doing, for the timeline ("simulating frame 12", an error), null when idle */
  previewStatus: string | null;

  setActiveClip(index: number): void;
  /** Moves the playhead (clamped to the clip); scrubbing pauses playback, as in DCC tools. */
  scrubTo(time: number): void;
  setPlaying(playing: boolean): void;
  togglePlaying(): void;
  setLoop(loop: boolean): void;
  /** Picks the frame rate (it stops following the clip's). */
  setFps(fps: number): void;
  /** Goes back to the clip's own key rate. */
  setFpsFromClip(): void;
  setCachedRanges(ranges: Array<[number, number]>): void;
  setLivePreview(on: boolean): void;
  setPreviewStatus(status: string | null): void;
  /** Steps whole frames from the current one (negative = back), snapping to the frame grid. */
  stepFrames(frames: number): void;
  /** Advances playback by a wall-clock delta [s]; wraps when looping, stops at the end otherwise. */
  advance(deltaSeconds: number): void;
}

export const createTimelineSlice: SliceCreator<TimelineSlice> = (set, get) => {
  const duration = (): number => {
    const { clips, activeClip } = get();
    return activeClip >= 0 && activeClip < clips.length ? clips[activeClip].duration : 0;
  };
  return {
    activeClip: -1,
    clipTime: 0,
    playing: false,
    loop: true,
    fps: 30,
    fpsFromClip: true,
    cachedRanges: [],
    livePreview: false,
    previewStatus: null,

    setActiveClip(index) {
      const { clips } = get();
      if (index < -1 || index >= clips.length || !Number.isInteger(index)) return;
      // A clip without keys (duration 0) cannot play; keep playing otherwise, as switching takes in a DCC does.
      const playable = index >= 0 && clips[index].duration > 0;
      const fps = get().fpsFromClip && index >= 0 ? (clips[index].frameRate ?? 30) : get().fps;
      set({ activeClip: index, clipTime: 0, playing: get().playing && playable, ...(fps !== get().fps ? { fps } : {}) });
    },
    scrubTo(time) {
      if (!Number.isFinite(time)) return;
      set({ clipTime: Math.min(Math.max(time, 0), duration()), playing: false });
    },
    setPlaying(playing) {
      if (playing && duration() <= 0) return;
      // Playing from the end of a non-looping clip starts over, as every player does.
      if (playing && !get().loop && get().clipTime >= duration()) set({ clipTime: 0 });
      set({ playing });
    },
    togglePlaying() {
      get().setPlaying(!get().playing);
    },
    setLoop(loop) {
      set({ loop });
    },
    setFps(fps) {
      if (Number.isFinite(fps) && fps > 0 && fps <= 1000 && (fps !== get().fps || get().fpsFromClip)) set({ fps, fpsFromClip: false });
    },
    setFpsFromClip() {
      const { clips, activeClip } = get();
      const fps = clips[activeClip]?.frameRate ?? 30;
      if (!get().fpsFromClip || fps !== get().fps) set({ fps, fpsFromClip: true });
    },
    setCachedRanges(ranges) {
      set({ cachedRanges: ranges });
    },
    setLivePreview(on) {
      set(on ? { livePreview: true } : { livePreview: false, cachedRanges: [], previewStatus: null });
    },
    setPreviewStatus(status) {
      if (status !== get().previewStatus) set({ previewStatus: status });
    },
    stepFrames(frames) {
      const { clipTime, fps } = get();
      const frame = Math.round(clipTime * fps) + frames;
      set({ clipTime: Math.min(Math.max(frame / fps, 0), duration()), playing: false });
    },
    advance(deltaSeconds) {
      const { playing, clipTime, loop } = get();
      const length = duration();
      if (!playing || length <= 0 || !(deltaSeconds > 0)) return;
      let next = clipTime + deltaSeconds;
      const { fps, cachedRanges, livePreview, previewStatus, bakeSettings } = get();
      const [first, last] = bakeSettings.frames ?? [0, Math.round(length * fps)];
      const nextFrame = frameAt(next, fps);
      if (livePreview && !previewStatus?.startsWith(PREVIEW_FAILED) && nextFrame >= first && nextFrame <= last) {
        // Simulate while playing: inside the simulated range the playhead waits at the last frame simulated so far.
        const frame = frameAt(clipTime, fps);
        const range = cachedRanges.find(([a, b]) => a <= frame && frame <= b);
        const frontier = range ? range[1] / fps : clipTime;
        if (next > frontier) next = Math.max(clipTime, frontier);
      }
      if (next <= length) set({ clipTime: next });
      else if (loop) set({ clipTime: next % length });
      else set({ clipTime: length, playing: false });
    },
  };
};

/** The frame number shown for a time, 0-based, at `fps`; rounding tolerates float time drift. */
export function frameAt(time: number, fps: number): number {
  return Math.round(time * fps + 1e-6);
}
