import { BakeError } from '../bakeSettings.ts';
import type { SessionSnapshot } from '../simulationSession.ts';
import type { SessionState } from './sessionState.ts';

/**
 * Puts a session back into the state of a snapshot of a session built the same way (sessionSnapshot): the next
 * advance continues to the same numbers. A mesh that followed its animation when the snapshot was taken (before its
 * simulation was built) starts on the animation at the next frame.
 *
 * @param state     the session
 * @param snapshot  the state to continue from (not modified; nothing of it is kept)
 * @throws BakeError (kind options) for a snapshot of other meshes, a frame outside the session, or missing contact or
 *         repair state
 */
export function restoreSession(state: SessionState, snapshot: SessionSnapshot): void {
  const { jobs, settings, carriedShells } = state;
  if (snapshot.meshes.length !== jobs.length || snapshot.meshes.some((saved, m) => saved.name !== jobs[m].name))
    throw new BakeError('this snapshot belongs to another simulation (other meshes)', 'options');
  if (!(Number.isInteger(snapshot.frame) && snapshot.frame >= -settings.preroll - 1 && snapshot.frame < state.frameCount))
    throw new BakeError(`the snapshot is at frame index ${snapshot.frame}, outside this simulation`, 'options');
  jobs.forEach((job, m) => {
    const saved = snapshot.meshes[m];
    // A snapshot taken while the mesh followed its animation (before its simulation was built) holds no state:
    // the simulation starts on the animation at the next frame.
    const followed = saved.simulation.positions.length === 0 && job.simulation.stats.kind !== 'none';
    if (followed) job.needsStart = snapshot.frame >= -settings.preroll;
    else job.simulation.restore(saved.simulation);
    if (saved.simulation.carried) carriedShells.restore(m, saved.simulation.carried);
    job.previousInput.set(saved.previousInput);
    job.inputMin.set(saved.inputMin);
    job.inputMax.set(saved.inputMax);
    Object.assign(job.stats, structuredClone(saved.stats));
    // Field by field: a snapshot's sums set these four numbers of the job, never another of its fields.
    job.residualSum = saved.sums.residualSum;
    job.residualCount = saved.sums.residualCount;
    job.correctionSum = saved.sums.correctionSum;
    job.correctionCount = saved.sums.correctionCount;
    // Contact and repair continue from their own state, their statistics the snapshot's (the live objects stay).
    if (job.contact) {
      if (!saved.contact || !saved.stats.contact) throw new BakeError(`this snapshot has no contact state for mesh "${job.name}"`, 'options');
      job.contact.restore(saved.contact, saved.stats.contact);
      job.stats.contact = job.contact.stats;
    }
    if (job.repair) {
      if (!saved.repair || !saved.stats.repair) throw new BakeError(`this snapshot has no repair state for mesh "${job.name}"`, 'options');
      job.repair.restore(saved.repair, saved.stats.repair);
      job.stats.repair = job.repair.stats;
    }
    job.frame = snapshot.frame;
  });
}
