import { boundingBoxDiagonal } from '../../geometry/index.ts';
import type { ResolvedMesh } from '../bakeSettings.ts';
import { createFollowingSimulation } from '../followingSimulation.ts';
import { flipGuard } from '../flipGuard.ts';
import { meshAuthoring } from '../meshAuthoring.ts';
import { carriedPieces } from './carriedPieces.ts';
import { freshStats } from './freshStats.ts';
import { jobContact } from './jobContact.ts';
import { jobRepair } from './jobRepair.ts';
import { jobSimulation } from './jobSimulation.ts';
import { latticeWeights } from './latticeWeights.ts';
import type { SessionJob, SessionSetup } from './sessionState.ts';
import { setupWarnings } from './setupWarnings.ts';
import { simulationControls } from './simulationControls.ts';
import { surfaceGuard } from './surfaceGuard.ts';

/**
 * One simulated mesh of a session, built: its weights and carried shells, its rest surface, its authoring (weight
 * layers, max distances, pose corrections), its simulation (jobSimulation; none for a mesh that only follows its
 * animation), its contact and repair, its surface guard, the set-up warnings (pushed to setup.warnings) and the
 * buffers its frames write.
 *
 * @param setup     the session's set-up (its weights must hold this mesh's: every simulated mesh's is resolved up front)
 * @param resolved  the mesh's resolved settings (role simulated)
 * @returns the job, before its first frame (frame −preroll − 1)
 * @throws BakeError for a mesh that cannot be simulated; the abort signal's reason when aborted
 */
export function sessionJob(setup: SessionSetup, resolved: ResolvedMesh): SessionJob {
  const { scene, settings, options, evaluator, stageSeconds, colliders } = setup;
  options.signal?.throwIfAborted();
  const mesh = scene.meshes[resolved.meshIndex];
  let clock = performance.now();
  // Every simulated mesh's (a rebuild keeps the meshes; a new simulated mesh needs a new session: update()).
  const resolvedWeights = setup.weights.get(resolved.meshIndex);
  if (!resolvedWeights) throw new Error(`simulation session: no weights resolved for mesh "${resolved.name}"`);
  const { source: weightsSource, regions: weightsRegions } = resolvedWeights;
  const weights = resolvedWeights.values;
  // Glued accessories and gear ride their host (carriedShells): the simulation pins them.
  const pieces = carriedPieces(setup.shells.meshes[resolved.meshIndex], weights.length);
  const { carried } = pieces;
  const lattice = new Float32Array(weights.length);
  latticeWeights(carried, weights, lattice);
  stageSeconds.weights += (performance.now() - clock) / 1000;
  clock = performance.now();
  const vertexCount = mesh.topology.vertexCount;
  const rest = new Float32Array(3 * vertexCount);
  evaluator.evaluateSimulationPositions(resolved.meshIndex, null, 0, rest);
  const controls = simulationControls(setup, resolved);
  const others = colliders.filter((c) => c.meshIndex !== resolved.meshIndex);
  // A mesh whose weights are all 0 (a rigid part of a rig at its default, a backpack or a visor carried by its host)
  // is its animation: nothing to simulate, unless its weights can change in time (layers). Contact cannot move it
  // either (every lattice vertex is pinned), so it has none of its own: the simulated meshes' final checks count their
  // crossings with it (neighbours). Building its lattice and contact for nothing cost the layered character's
  // self-contact Jump 0:20 a 1,296-vertex lattice for the Pack and 224 for the Visor: 5.7 s of simulation against 0.6.
  const authoring = meshAuthoring(options.project, mesh.name, weights, rest, mesh.topology.triangles, setup.metersPerUnit);
  const follows = !authoring?.layered && lattice.every((w) => w === 0);
  const simulation = follows ? createFollowingSimulation(vertexCount) : jobSimulation(setup, resolved, rest, lattice, controls, carried);
  stageSeconds.embedding += (performance.now() - clock) / 1000;
  const contact = !follows && (setup.selfContact || others.length > 0) ? jobContact(setup, resolved, simulation, rest, pieces, others) : null;
  if (contact) controls.contact = contact;
  const repair = settings.bake.repair ? jobRepair(setup, resolved, rest, others) : null;
  const guard = new Float32Array(lattice.length);
  surfaceGuard(lattice, guard);
  // Max distances: clamped inside every substep (and once more on the exported surface, finishFrame).
  if (authoring?.maxDistances) simulation.setMaxDistances(authoring.maxDistances);
  setup.warnings.push(...setupWarnings(setup, resolved, rest, simulation));
  return {
    meshIndex: resolved.meshIndex,
    name: resolved.name,
    resolved,
    simulation,
    weights,
    weightsSource,
    weightsRegions,
    frame: -settings.preroll - 1,
    needsStart: false,
    carried,
    latticeWeights: lattice,
    startMotion: null,
    startPrevious: null,
    guard,
    input: new Float32Array(3 * vertexCount),
    previousInput: new Float32Array(3 * vertexCount),
    nextInput: new Float32Array(3 * vertexCount),
    output: new Float32Array(3 * vertexCount),
    raw: new Float32Array(3 * vertexCount),
    renderInput: new Float32Array(3 * mesh.renderVertexCount),
    renderInputTime: NaN,
    stats: freshStats(simulation.stats, boundingBoxDiagonal(rest)),
    residualSum: 0,
    residualCount: 0,
    contact,
    checkedOutputs: [],
    inputMin: new Float64Array(3).fill(Infinity),
    inputMax: new Float64Array(3).fill(-Infinity),
    correctionSum: 0,
    correctionCount: 0,
    rest,
    repair,
    rawInput: new Float32Array(3 * vertexCount),
    authoring,
    frameWeights: authoring?.layered ? Float32Array.from(weights) : weights,
    own: colliders.map((c, i) => (c.meshIndex === resolved.meshIndex ? -1 : i)).filter((i) => i >= 0),
    controls,
    flips: flipGuard(mesh.topology.triangles, rest, vertexCount),
  };
}
