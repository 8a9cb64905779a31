import { finishFrames } from './finishFrames.ts';
import type { SessionState } from './sessionState.ts';
import { stepMesh } from './stepMesh.ts';

/**
 * Steps every mesh of a session forward to frame index k, frame by frame: each mesh due steps (stepMesh; side by side
 * on a GPU backend without contact or repair, state.overlapMeshes: while one mesh's step and readback run on the
 * device, the next mesh's input, fitting and encoding run on the CPU, and no mesh reads another's state, so every
 * mesh computes what it computes alone, bit for bit), then the frame is finished across meshes (finishFrames).
 *
 * @param state  the session
 * @param k      frame index, −preroll ≤ k < frameCount, not behind any mesh
 * @throws RangeError for k outside the session or behind a mesh's frame; SimulationError on a diverged frame (the
 *         first failing mesh's, when they ran side by side)
 */
export async function advanceSession(state: SessionState, k: number): Promise<void> {
  const { jobs, settings, frameCount } = state;
  if (!(Number.isInteger(k) && k >= -settings.preroll && k < frameCount))
    throw new RangeError(`advance: frame index ${k} is outside this session (${-settings.preroll} to ${frameCount - 1})`);
  for (const job of jobs) {
    if (job.frame > k) throw new RangeError(`advance: mesh "${job.name}" is at frame index ${job.frame}, past ${k}: restore a snapshot or restart to go back`);
  }
  for (let frame = Math.min(...jobs.map((job) => job.frame)) + 1; frame <= k; frame++) {
    const due = jobs.filter((job) => job.frame < frame);
    if (!state.overlapMeshes || due.length < 2) {
      for (const job of due) await stepMesh(state, job, frame);
    } else {
      const results = await Promise.allSettled(due.map((job) => stepMesh(state, job, frame)));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    }
    finishFrames(state, frame);
  }
}
