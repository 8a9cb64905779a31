import { finishFrame } from './finishFrame.ts';
import { guardedOutput } from './guardedOutput.ts';
import { prerollGear } from './prerollGear.ts';
import type { SessionState } from './sessionState.ts';

/**
 * A frame of every mesh after their steps: the surface guard (guardedOutput: weights below GUARD_WEIGHT ramped to the
 * input), the gear's pre-roll on a start (prerollGear), the carried shells (glued accessories and gear on their
 * hosts, across meshes), and for a baked frame the rest of the exported surface (finishFrame). Each mesh's input
 * becomes its previous input.
 *
 * @param state  the session, every mesh stepped to frame k
 * @param k      frame index
 */
export function finishFrames(state: SessionState, k: number): void {
  const { jobs, settings, carriedShells } = state;
  const collect = performance.now();
  for (const job of jobs) guardedOutput(job.input, job.raw, job.guard, job.output);
  const starting = jobs.some((job) => job.startPrevious !== null);
  if (starting && !settings.loop && carriedShells.gear.some((list) => list.length > 0)) prerollGear(state, k);
  carriedShells.apply(
    jobs.map((job) => job.input),
    jobs.map((job) => job.output),
    jobs.map((job) => job.frameWeights),
    state.dt,
    starting ? jobs.map((job) => job.startPrevious ?? job.previousInput) : undefined,
    starting ? jobs.map((job) => job.startMotion) : undefined,
  );
  // With contact and several simulated meshes each mesh's final check sees the others: the ones finished before it
  // as they will be exported, the rest at their input (what their own check falls back to), so no two simulated
  // meshes end a frame with a new crossing (each is its own simulation, with no contact between them).
  const withNeighbours = jobs.length > 1 && jobs.some((job) => job.contact);
  jobs.forEach((job, i) => {
    job.startPrevious = null;
    job.startMotion = null;
    if (k >= 0) {
      const others = jobs.filter((other) => other !== job);
      const neighbours = withNeighbours
        ? { inputs: others.map((other) => other.input), now: others.map((other) => (jobs.indexOf(other) < i ? other.output : other.input)) }
        : undefined;
      finishFrame(
        state,
        job,
        k,
        job.own.map((c) => state.colliderEnd[c]),
        neighbours,
      );
      if (job.contact) job.stats.contact = job.contact.stats;
    }
    job.previousInput.set(job.input);
  });
  state.stageSeconds.evaluation += (performance.now() - collect) / 1000;
}
