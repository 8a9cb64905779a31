/**
 * The generated character's body mesh ("Critter", test/helpers/testCharacter.ts) read from its GLB and posed at rest
 * (no clip, time 0): the Pose tool's input in its tests and bench, with the mesh's welded topology.
 */
import { createAnimationEvaluator } from '../../app/animation/index.ts';
import { readGltf } from '../../app/io/index.ts';

export async function critterAtRest(bytes: Uint8Array, fileName: string) {
  const scene = await readGltf(bytes, { fileName });
  const index = scene.meshes.findIndex((entry) => entry.name === 'Critter');
  const { topology } = scene.meshes[index];
  const input = new Float32Array(3 * topology.vertexCount);
  createAnimationEvaluator(scene).evaluateSimulationPositions(index, null, 0, input);
  return { topology, input };
}
