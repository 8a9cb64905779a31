import { inputTime } from './inputTime.ts';
import { meshInputAt } from './meshInputAt.ts';
import type { SessionJob, SessionState } from './sessionState.ts';

/**
 * With a check pool: frame index j's input checks start now, on the pool, while this frame simulates (the contact's
 * setFrame at j checks the input at j and at j + 1 with the colliders at j; finishFrame the input at j again). Not with
 * --repair: its inputs are repaired in time order as the frames come. Nothing past the last frame.
 *
 * @param state  the session
 * @param job    the mesh (job.ahead: its scratch, allocated on the first call)
 * @param j      the frame index to prefetch
 */
export function prefetchInputs(state: SessionState, job: SessionJob, j: number): void {
  // (Nothing to evaluate ahead for a surface the pool leaves to this thread.)
  if (!job.contact?.prefetches || job.repair || j > state.frameCount - 1) return;
  const { settings, evaluator, colliders } = state;
  const ahead = (job.ahead ??= { input: new Float32Array(job.input.length), colliders: job.own.map((i) => new Float32Array(3 * colliders[i].vertexCount)) });
  job.own.forEach((i, n) =>
    evaluator.evaluateSimulationPositions(colliders[i].meshIndex, settings.clipIndex, inputTime(settings, state.clip.duration, j), ahead.colliders[n]),
  );
  for (const frame of [j, j + 1]) {
    meshInputAt(state, job, frame, ahead.input, ahead.colliders);
    job.contact.prefetchInput(ahead.input, ahead.colliders);
  }
}
