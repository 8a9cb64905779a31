/**
 * Default weights (app/weights/animatorWeights) on the generated test character at growing subdivision levels
 * (≈3k, 13k and 51k body vertices, 28 joints): median milliseconds of the whole default and of its parts
 * (skinSkeleton, jointRoles), microseconds per vertex, and each size's time per vertex as a ratio to the smallest's
 * (≈1: linear in the vertex count). The baseline per size is weldedTopology of the same mesh, measured in the same
 * run: the default should cost a small multiple of welding it.
 */
import { weldedTopology, vertexAreas } from '../app/geometry/index.ts';
import { readGltf } from '../app/io/index.ts';
import { animatorWeights, jointRoles, skinSkeleton } from '../app/weights/index.ts';
import { testCharacterGlb } from '../test/helpers/testCharacter.ts';
import { medianMilliseconds } from './timing.ts';

const LEVELS = [2, 3, 4];

export async function run(): Promise<object> {
  const rows: Record<string, number>[] = [];
  for (const subdivisions of LEVELS) {
    const scene = await readGltf(await testCharacterGlb({ subdivisions }), { fileName: `critter-${subdivisions}.glb` });
    const mesh = scene.meshes[0];
    const { topology } = mesh;
    const repeats = topology.vertexCount > 20_000 ? 5 : 9;
    const skeleton = skinSkeleton(mesh, scene.hierarchy)!;
    const areas = vertexAreas(topology.positions, topology.triangles, topology.vertexCount);
    const weldMs = await medianMilliseconds(() => weldedTopology(mesh.restPositions, mesh.triangles), repeats);
    const skeletonMs = await medianMilliseconds(() => skinSkeleton(mesh, scene.hierarchy), repeats);
    const rolesMs = await medianMilliseconds(() => jointRoles(skeleton, topology.positions, areas), repeats);
    const totalMs = await medianMilliseconds(() => animatorWeights(topology, skeleton), repeats);
    rows.push({
      subdivisions,
      vertexCount: topology.vertexCount,
      totalMs,
      skeletonMs,
      rolesMs,
      weldMs,
      microsecondsPerVertex: (1e3 * totalMs) / topology.vertexCount,
      overWeld: totalMs / weldMs,
    });
  }
  for (const row of rows) row.perVertexOverSmallest = row.microsecondsPerVertex / rows[0].microsecondsPerVertex;
  return { mesh: 'test/helpers/testCharacter.ts body (28 joints)', rows };
}
