import { freshStats } from './freshStats.ts';
import type { SessionState } from './sessionState.ts';

/**
 * A session back to before its first frame: the next advance starts every mesh on the animated surface, with fresh
 * statistics, no checked outputs, an empty input box, and contact, repair and carried shells at their start.
 *
 * @param state  the session
 */
export function restartSession(state: SessionState): void {
  state.carriedShells.restart();
  for (const job of state.jobs) {
    job.frame = -state.settings.preroll - 1;
    job.needsStart = false;
    job.stats = freshStats(job.simulation.stats, job.stats.diagonal);
    job.residualSum = job.residualCount = job.correctionSum = job.correctionCount = 0;
    job.checkedOutputs.length = 0;
    job.inputMin.fill(Infinity);
    job.inputMax.fill(-Infinity);
    job.contact?.restore(null);
    job.repair?.restore(null);
  }
}
