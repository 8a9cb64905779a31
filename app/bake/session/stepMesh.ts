import { SimulationError } from '../../solvers/vbd/index.ts';
import { frameProblem } from '../frameProblem.ts';
import { advanceSimulation } from './advanceSimulation.ts';
import { collidersAt } from './collidersAt.ts';
import { latticeWeights } from './latticeWeights.ts';
import { meshInputAt } from './meshInputAt.ts';
import type { SessionJob, SessionState } from './sessionState.ts';
import { startSimulation } from './startSimulation.ts';
import { surfaceGuard } from './surfaceGuard.ts';

/** How far past the animation a vertex may move, in mesh sizes (bounding-box diagonals), before a frame counts as diverged. */
const DIVERGENCE_SIZES = 10;

/**
 * One frame of one mesh: its input (and the weight layers' blend of the frame), the simulation's start or step
 * (startSimulation, advanceSimulation), the divergence check, and its statistics. Nothing non-finite or diverged is
 * ever collected: the bake stops on the first such frame.
 *
 * @param state  the session
 * @param job    the mesh, at frame k − 1 (or due to start); at frame k after
 * @param k      frame index
 * @throws SimulationError naming the mesh and the frame when the frame is non-finite or moved more than
 *         DIVERGENCE_SIZES mesh sizes (plus a free fall since the first frame) past the box of its inputs
 */
export async function stepMesh(state: SessionState, job: SessionJob, k: number): Promise<void> {
  const { settings, stageSeconds } = state;
  collidersAt(state, k);
  const start = job.own.map((i) => state.colliderStart[i]);
  const end = job.own.map((i) => state.colliderEnd[i]);
  const clock = performance.now();
  const first = k === -settings.preroll;
  // With --repair each input frame is repaired in time order before the simulation sees it (app/contact).
  if (first) meshInputAt(state, job, k - 1, job.previousInput, start);
  meshInputAt(state, job, k, job.input, end);
  if (job.authoring?.layered) {
    // Weight layers keyed in time: this frame's blend, pins and surface guard (no new embedding or factorization).
    job.authoring.weightsAt(settings.firstFrame + k, job.frameWeights);
    latticeWeights(job.carried, job.frameWeights, job.latticeWeights);
    job.simulation.setBlendWeights(job.latticeWeights);
    surfaceGuard(job.latticeWeights, job.guard);
  }
  stageSeconds.evaluation += (performance.now() - clock) / 1000;
  growBox(job.input, job.inputMin, job.inputMax);
  if (first || job.needsStart) await startSimulation(state, job, k, first);
  else await advanceSimulation(state, job, k, start, end);
  const reach =
    DIVERGENCE_SIZES * job.stats.diagonal + (0.5 * Math.hypot(...job.resolved.gravity) * ((k + settings.preroll + 1) * state.dt) ** 2) / state.metersPerUnit;
  const problem = frameProblem(job.raw, job.inputMin, job.inputMax, reach);
  if (problem) {
    const frame = settings.firstFrame + k;
    throw new SimulationError(
      `mesh "${job.resolved.name}", frame ${frame}: ${problem}; try more substeps or iterations, a lower Poisson ratio or a coarser lattice`,
      frame,
    );
  }
  job.frame = k;
  const { stats } = job;
  stats.residualMean = job.residualCount > 0 ? job.residualSum / job.residualCount : 0;
  stats.correctionMean = job.correctionCount > 0 ? job.correctionSum / job.correctionCount : 0;
  // The simulation counts clamped rest shapes as it runs; the copy taken at set-up is stale by now.
  if (job.simulation.stats.clampedRestTets !== undefined) stats.clampedRestTets = job.simulation.stats.clampedRestTets;
  if (job.contact) stats.contact = job.contact.stats;
  if (job.repair) stats.repair = job.repair.stats;
}

/** Grows a box (min and max per axis) by the points of #V×3 positions. */
function growBox(positions: Float32Array, min: Float64Array, max: Float64Array): void {
  for (let c = 0; c < 3; c++) {
    let low = min[c];
    let high = max[c];
    for (let i = c; i < positions.length; i += 3) {
      low = Math.min(low, positions[i]);
      high = Math.max(high, positions[i]);
    }
    min[c] = low;
    max[c] = high;
  }
}
