import type { SessionSnapshot } from '../simulationSession.ts';
import type { SessionState } from './sessionState.ts';

/**
 * A session's whole state between two frames, copied: per mesh its simulation with its carried shells' swing, the
 * previous input, the input box, the statistics and their sums, and its contact's and repair's state. restoreSession
 * continues from it to the same numbers.
 *
 * @param state  the session, every mesh at the same frame
 * @returns the snapshot (shares no array with the session)
 * @throws RangeError when the meshes are at different frames
 */
export function sessionSnapshot(state: SessionState): SessionSnapshot {
  const { jobs, carriedShells } = state;
  const frame = jobs.reduce((least, job) => Math.min(least, job.frame), state.frameCount - 1);
  if (jobs.some((job) => job.frame !== frame)) throw new RangeError('snapshot: the meshes are at different frames; advance them to the same frame first');
  return {
    frame,
    meshes: jobs.map((job, m) => ({
      name: job.name,
      simulation: { ...job.simulation.snapshot(), carried: carriedShells.snapshot(m) },
      previousInput: Float32Array.from(job.previousInput),
      inputMin: Float64Array.from(job.inputMin),
      inputMax: Float64Array.from(job.inputMax),
      stats: structuredClone(job.stats),
      sums: { residualSum: job.residualSum, residualCount: job.residualCount, correctionSum: job.correctionSum, correctionCount: job.correctionCount },
      ...(job.contact ? { contact: job.contact.snapshot() } : {}),
      ...(job.repair ? { repair: job.repair.snapshot() } : {}),
    })),
  };
}
