import { hypot3 } from '../../math/index.ts';
import type { SessionState } from './sessionState.ts';

/** The most of a cyclic clip the gear swings through before a bake that starts mid-cycle (prerollGear) [s]. */
const GEAR_PREROLL_SECONDS = 2;

/**
 * Gear near the frequency of a cyclic clip's motion (a pouch at 2 Hz on a 2 Hz walk) is far from the steady swing of
 * its first acceleration when a bake starts mid-cycle; the cycle before the first frame is known, though: the gear
 * alone (its host held as displaced at the first frame) swings through up to GEAR_PREROLL_SECONDS of it first, ending
 * in the state the cycle leaves it in. A clip is cyclic when its last pose is its first (within 1e-4 of each mesh's
 * size); nothing happens otherwise.
 *
 * @param state  the session: every job's input and guarded output of frame k set; state.carriedShells advanced
 * @param k      the first frame index of the start
 */
export function prerollGear(state: SessionState, k: number): void {
  const { jobs, settings, evaluator, clip, carriedShells, dt } = state;
  if (!(clip.duration > 0)) return;
  const ends = jobs.map(() => [new Float32Array(0), new Float32Array(0)]);
  const cyclic = jobs.every((job, m) => {
    ends[m] = [new Float32Array(job.input.length), new Float32Array(job.input.length)];
    evaluator.evaluateSimulationPositions(job.meshIndex, settings.clipIndex, 0, ends[m][0]);
    evaluator.evaluateSimulationPositions(job.meshIndex, settings.clipIndex, clip.duration, ends[m][1]);
    let largest = 0;
    for (let i = 0; i < job.input.length; i += 3)
      largest = Math.max(largest, hypot3(ends[m][0][i] - ends[m][1][i], ends[m][0][i + 1] - ends[m][1][i + 1], ends[m][0][i + 2] - ends[m][1][i + 2]));
    return largest <= 1e-4 * job.stats.diagonal;
  });
  if (!cyclic) return;
  const frames = Math.max(1, Math.round(Math.min(clip.duration, GEAR_PREROLL_SECONDS) * settings.fps));
  const wrapped = (j: number): number => ((((settings.firstFrame + j) / settings.fps) % clip.duration) + clip.duration) % clip.duration;
  const inputs = jobs.map((job) => new Float32Array(job.input.length));
  const previous = jobs.map((job) => new Float32Array(job.input.length));
  const outputs = jobs.map((job) => new Float32Array(job.input.length));
  const frameWeights = jobs.map((job) => job.frameWeights);
  for (let j = k - frames; j < k; j++) {
    jobs.forEach((job, m) => {
      if (j === k - frames) evaluator.evaluateSimulationPositions(job.meshIndex, settings.clipIndex, wrapped(j - 1), previous[m]);
      evaluator.evaluateSimulationPositions(job.meshIndex, settings.clipIndex, wrapped(j), inputs[m]);
    });
    // The hosts displaced as at the first frame (their lattice's first state), so the gear meets them there.
    // (A plain loop: Float32Array.from with a map callback cost more than the gear's swing itself, measured.)
    jobs.forEach((job, m) => {
      const input = inputs[m];
      const output = outputs[m];
      for (let i = 0; i < input.length; i++) output[i] = input[i] + job.output[i] - job.input[i];
    });
    carriedShells.apply(inputs, outputs, frameWeights, dt, j === k - frames ? previous : undefined, j === k - frames ? jobs.map(() => null) : undefined);
  }
}
