import { BakeError } from '../bakeSettings.ts';
import { meshAuthoring } from '../meshAuthoring.ts';
import type { MeshSimulationStats } from '../meshSimulation.ts';
import { pinnedWeights } from '../meshWeights.ts';
import { jobSimulation } from './jobSimulation.ts';
import { latticeWeights } from './latticeWeights.ts';
import type { SessionState } from './sessionState.ts';
import { surfaceGuard } from './surfaceGuard.ts';

/**
 * New base weights for a simulated mesh: the project's pins applied, the blend, layers, max distances and surface
 * guard changed from the next frame on, with no embedding or factorization rebuilt. A mesh that only followed its
 * animation gets its simulation when a weight leaves 0, and starts it on the animation at the next frame.
 *
 * @param state   the session
 * @param name    the simulated mesh's name
 * @param values  #V weights in [0, 1]
 * @throws BakeError (kind options) for an unknown mesh, a wrong count or a weight outside [0, 1]
 */
export function setSessionWeights(state: SessionState, name: string, values: ArrayLike<number>): void {
  const { options, stageSeconds } = state;
  const job = state.jobs.find((j) => j.name === name);
  if (!job) throw new BakeError(`no simulated mesh "${name}"`, 'options');
  if (values.length !== job.weights.length) throw new BakeError(`mesh "${name}": ${values.length} weights for ${job.weights.length} vertices`, 'options');
  for (let v = 0; v < values.length; v++) {
    if (!(values[v] >= 0 && values[v] <= 1)) throw new BakeError(`mesh "${name}": weight ${v} is ${values[v]}, not in [0, 1]`, 'options');
  }
  job.weights.set(pinnedWeights(values, options.project, name));
  const mesh = state.scene.meshes[job.meshIndex];
  latticeWeights(job.carried, job.weights, job.latticeWeights);
  if (job.simulation.stats.kind === 'none' && job.latticeWeights.some((w) => w !== 0)) {
    // A following mesh gets its simulation when a weight leaves 0; it starts on the animation at the next frame.
    const clock = performance.now();
    job.simulation.dispose();
    job.simulation = jobSimulation(state, job.resolved, job.rest, job.latticeWeights, job.controls, job.carried);
    stageSeconds.embedding += (performance.now() - clock) / 1000;
    Object.assign(job.stats, freshSimulationStats(job.simulation.stats));
    job.needsStart = job.frame >= -state.settings.preroll;
  }
  // Layers and limits are painted over the base weights: rebuilt from them (cheap; nothing geometric).
  job.authoring = meshAuthoring(options.project, name, job.weights, job.rest, mesh.topology.triangles, state.metersPerUnit);
  job.frameWeights = job.authoring?.layered ? Float32Array.from(job.weights) : job.weights;
  job.simulation.setMaxDistances(job.authoring?.maxDistances ?? null);
  if (!job.authoring?.layered) {
    job.simulation.setBlendWeights(job.latticeWeights);
    surfaceGuard(job.latticeWeights, job.guard);
  }
}

/** The simulation's own statistics, every optional one present (undefined when the simulation has none). */
function freshSimulationStats(simulation: MeshSimulationStats): MeshSimulationStats {
  return {
    meanEdge: undefined,
    clampedRestTets: undefined,
    driverVertices: undefined,
    pieces: undefined,
    unpinnedPieces: undefined,
    embedding: undefined,
    ...simulation,
  };
}
