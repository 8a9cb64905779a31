import type { StartMotion } from '../initialMotion.ts';
import { meshInputAt } from './meshInputAt.ts';
import { prefetchInputs } from './prefetchInputs.ts';
import type { SessionJob, SessionState } from './sessionState.ts';

/**
 * The spacing of the input samples a bake that starts in motion reads its first velocity and acceleration from [s]
 * (initialMotion): fixed in time, so 24, 30 and 60 fps bakes start alike; 1/30 s is the key spacing of most clips.
 */
const START_SPACING = 1 / 30;

/**
 * A mesh's first frame (the session's first, or the next after its simulation was built): the simulation starts on the
 * input. A loop's pre-roll is a whole cycle and settles by itself; any other start continues the input's motion (its
 * velocity and the lag of its acceleration, from the input START_SPACING apart: initialMotion), so its first frames
 * are not kicked (not with --repair: it repairs the input frames in time order). Keeps the start for the carried
 * shells (job.startPrevious, job.startMotion).
 *
 * @param state  the session
 * @param job    the mesh, its input and previous input of frame k set; job.raw written
 * @param k      frame index
 * @param first  whether k is the session's first frame (−preroll): then the next frame's inputs are prefetched
 */
export async function startSimulation(state: SessionState, job: SessionJob, k: number, first: boolean): Promise<void> {
  const { settings, dt, stageSeconds, stageTimes } = state;
  job.needsStart = false;
  job.startMotion = null;
  job.startPrevious = Float32Array.from(job.previousInput);
  if (first) prefetchInputs(state, job, k + 1);
  let motion: StartMotion | undefined;
  let spacing = dt;
  if (!settings.loop && !job.repair) {
    // Sampled START_SPACING apart whatever the frame rate (an input keyed at 30 fps, sampled a frame apart at 60
    // fps, looks unaccelerated between its keys), so every rate starts from the same motion.
    const clock = performance.now();
    spacing = START_SPACING;
    const step = spacing * settings.fps;
    const previousKnown = (settings.firstFrame + k) / settings.fps - spacing >= 0;
    const previous = new Float32Array(job.input.length);
    const next = new Float32Array(job.input.length);
    const afterNext = new Float32Array(job.input.length);
    const later = new Float32Array(job.input.length);
    if (previousKnown) meshInputAt(state, job, k - step, previous, null);
    meshInputAt(state, job, k + step, next, null);
    meshInputAt(state, job, k + 2 * step, afterNext, null);
    meshInputAt(state, job, k + 3 * step, later, null);
    motion = { previous: previousKnown ? previous : null, next, afterNext, later };
    job.startMotion = { ...motion, spacing };
    stageSeconds.evaluation += (performance.now() - clock) / 1000;
  }
  await job.simulation.start(job.input, job.previousInput, dt, stageTimes, motion, spacing);
  job.simulation.surface(job.input, job.raw, stageTimes);
}
