import type { ImportedMesh } from '../../io/index.ts';
import { BakeError, type ResolvedMesh } from '../bakeSettings.ts';
import type { MeshSimulation } from '../meshSimulation.ts';
import { createPartialSimulation } from '../partialSimulation.ts';
import { createSurfaceSimulation, type SimulationControls } from '../surfaceSimulation.ts';
import { createVolumeSimulation } from '../volumeSimulation.ts';
import { keptVertices } from './keptVertices.ts';
import { physicalMaterial } from './physicalMaterial.ts';
import { restSkeleton } from './restSkeleton.ts';
import type { SessionSetup } from './sessionState.ts';

/**
 * A mesh's simulation: its lattice embedding and factorizations (volume), or its surface model (cloth). A volume's
 * carried shells (pinned, moved by their host) are left out of its lattice, on the whole mesh's grid
 * (createPartialSimulation); contact sees them as kinematic points (bakeContact's embeddedVertices). Counts one
 * simulation built in setup.counters.
 *
 * @param setup     the session's set-up (scene, evaluator, metersPerUnit, counters)
 * @param resolved  the mesh's resolved settings (material, lattice resolution)
 * @param rest      #V×3 welded rest positions [file units]
 * @param weights   #V lattice weights in [0, 1] (0 on carried vertices)
 * @param controls  the mesh's controls (simulationControls), kept by the simulation
 * @param carried   #V 1 on carried vertices, or null
 * @returns the simulation
 * @throws BakeError naming the mesh when it cannot be simulated
 */
export function jobSimulation(
  setup: SessionSetup,
  resolved: ResolvedMesh,
  rest: Float32Array,
  weights: Float32Array,
  controls: SimulationControls,
  carried: Uint8Array | null,
): MeshSimulation {
  const { scene, evaluator } = setup;
  const mesh = scene.meshes[resolved.meshIndex];
  const physical = physicalMaterial(resolved, setup.metersPerUnit);
  let simulation: MeshSimulation;
  try {
    if (resolved.material.model === 'stvk') {
      simulation = createSurfaceSimulation(mesh.topology, rest, weights, physical, controls);
    } else if (carried && carried.some((c) => c !== 0)) {
      simulation = partialVolumeSimulation(setup, mesh, resolved, rest, weights, controls, carried);
    } else {
      simulation = createVolumeSimulation(
        mesh.topology,
        rest,
        weights,
        physical,
        resolved.latticeResolution,
        controls,
        restSkeleton(scene, evaluator, resolved.meshIndex),
      );
    }
  } catch (error) {
    throw new BakeError(`mesh "${mesh.name}" cannot be simulated: ${error instanceof Error ? error.message : String(error)}`);
  }
  setup.counters.simulations++;
  return simulation;
}

/** A volume less its carried shells: the kept vertices' lattice, on the grid of the whole mesh's box. */
function partialVolumeSimulation(
  setup: SessionSetup,
  mesh: ImportedMesh,
  resolved: ResolvedMesh,
  rest: Float32Array,
  weights: Float32Array,
  controls: SimulationControls,
  carried: Uint8Array,
): MeshSimulation {
  const vertexCount = mesh.topology.vertexCount;
  const kept = keptVertices(carried);
  const compact = new Int32Array(vertexCount).fill(-1);
  kept.forEach((v, i) => (compact[v] = i));
  const triangles: number[] = [];
  const all = mesh.topology.triangles;
  for (let t = 0; t < all.length; t += 3)
    if (compact[all[t]] >= 0 && compact[all[t + 1]] >= 0 && compact[all[t + 2]] >= 0) triangles.push(compact[all[t]], compact[all[t + 1]], compact[all[t + 2]]);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < rest.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      min[c] = Math.min(min[c], rest[i + c]);
      max[c] = Math.max(max[c], rest[i + c]);
    }
  }
  const compactRest = new Float32Array(3 * kept.length);
  kept.forEach((v, i) => compactRest.set(rest.subarray(3 * v, 3 * v + 3), 3 * i));
  const topology = { ...mesh.topology, vertexCount: kept.length, positions: compactRest, triangles: Uint32Array.from(triangles) };
  const skeleton = restSkeleton(setup.scene, setup.evaluator, resolved.meshIndex);
  const inner = createVolumeSimulation(
    topology,
    compactRest,
    Float32Array.from(kept, (v) => weights[v]),
    physicalMaterial(resolved, setup.metersPerUnit),
    resolved.latticeResolution,
    controls,
    skeleton,
    true,
    { min, max },
  );
  return createPartialSimulation(inner, kept, vertexCount);
}
