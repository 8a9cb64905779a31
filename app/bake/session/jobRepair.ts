import { bakeRepair, type BakeRepair } from '../../contact/index.ts';
import type { ResolvedMesh } from '../bakeSettings.ts';
import type { SessionCollider, SessionSetup } from './sessionState.ts';

/**
 * A simulated mesh's --repair (bakeRepair): the intersections of its input frames with itself and its colliders
 * removed in time order, before the simulation sees them.
 *
 * @param setup     the session's set-up (scene, evaluator, the abort signal)
 * @param resolved  the mesh's resolved settings
 * @param rest      #V×3 welded rest positions [file units]
 * @param others    the colliders it meets (every collider but itself)
 * @returns the repair
 */
export function jobRepair(setup: SessionSetup, resolved: ResolvedMesh, rest: Float32Array, others: SessionCollider[]): BakeRepair {
  const mesh = setup.scene.meshes[resolved.meshIndex];
  return bakeRepair({
    triangles: mesh.topology.triangles,
    vertexCount: mesh.topology.vertexCount,
    restPositions: rest,
    signal: setup.options.signal,
    colliders: others.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount })),
    colliderRestPositions: others.map((c) => {
      const positions = new Float32Array(3 * c.vertexCount);
      setup.evaluator.evaluateSimulationPositions(c.meshIndex, null, 0, positions);
      return positions;
    }),
  });
}
