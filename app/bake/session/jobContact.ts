import { bakeContact, type BakeContact } from '../../contact/index.ts';
import type { ResolvedMesh } from '../bakeSettings.ts';
import type { MeshSimulation } from '../meshSimulation.ts';
import type { CarriedPieces } from './carriedPieces.ts';
import { keptVertices } from './keptVertices.ts';
import type { SessionCollider, SessionSetup } from './sessionState.ts';

/**
 * A simulated mesh's contact (bakeContact: OGC, seed 000 ch. 5): self-contact and its colliders, its carried shells as
 * kinematic rigid pieces, the other simulated meshes as neighbours of its final check.
 *
 * @param setup       the session's set-up (scene, settings, evaluator, dt, the check pool)
 * @param resolved    the mesh's resolved settings (substeps: the contact's time step is dt / substeps)
 * @param simulation  its simulation (embedding, masses)
 * @param rest        #V×3 welded rest positions [file units]
 * @param pieces      its carried shells (carriedPieces)
 * @param others      the colliders it meets (every collider but itself)
 * @returns the contact
 */
export function jobContact(
  setup: SessionSetup,
  resolved: ResolvedMesh,
  simulation: MeshSimulation,
  rest: Float32Array,
  pieces: CarriedPieces,
  others: SessionCollider[],
): BakeContact {
  const { scene, settings, options, dt } = setup;
  const mesh = scene.meshes[resolved.meshIndex];
  const { carried, rigidPieces, pieceCount } = pieces;
  return bakeContact({
    triangles: mesh.topology.triangles,
    surfaceVertexCount: mesh.topology.vertexCount,
    embedding: simulation.embedding ?? null,
    simulationVertexCount: simulation.model.vertexCount,
    masses: simulation.model.masses,
    timeStep: dt / resolved.substeps,
    restSurface: rest,
    selfContact: setup.selfContact,
    colliders: others.map((c) => ({
      name: c.name,
      triangles: c.triangles,
      vertexCount: c.vertexCount,
      restPositions: options.checkPool ? restOf(setup, c) : undefined,
    })),
    checkPool: options.checkPool,
    frameDuration: dt,
    rigidPieces: pieceCount > 0 ? rigidPieces : undefined,
    // The lattice embeds the surface less its carried shells (jobSimulation).
    embeddedVertices: simulation.embedding && pieceCount > 0 ? keptVertices(carried) : undefined,
    // The other simulated meshes: their crossings with this one count in its final check (finishFrames).
    neighbours: settings.meshes
      .filter((m) => m.role === 'simulated' && m.meshIndex !== resolved.meshIndex)
      .map((m) => ({ name: m.name, triangles: scene.meshes[m.meshIndex].topology.triangles, vertexCount: scene.meshes[m.meshIndex].topology.vertexCount })),
  });
}

/** A collider's welded rest positions [file units]. */
function restOf(setup: SessionSetup, collider: SessionCollider): Float32Array {
  const positions = new Float32Array(3 * collider.vertexCount);
  setup.evaluator.evaluateSimulationPositions(collider.meshIndex, null, 0, positions);
  return positions;
}
