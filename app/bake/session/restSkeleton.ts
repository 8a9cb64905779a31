import type { AnimationEvaluator } from '../../animation/index.ts';
import type { ImportedScene } from '../../io/index.ts';

/**
 * The skeleton of a skinned mesh as world-space segments in the rest pose (the space the simulation's rest
 * positions are in): joint to parent joint, and a point at every joint. Leaf joints get no guessed tail (glTF joints
 * have none): a tail guessed into a head would hold the flesh up along a line and pull a cone out of the skull when
 * the rest sags. Empty for an unskinned mesh.
 *
 * @param scene      the imported scene
 * @param evaluator  its animation evaluator (the rest pose: no clip, time 0)
 * @param meshIndex  index into scene.meshes
 * @returns segments as 6 numbers each (from xyz, to xyz) [file units]: per joint a point (from = to), then the bone from
 *          its parent to it when the parent is a joint of the skin
 */
export function restSkeleton(scene: ImportedScene, evaluator: AnimationEvaluator, meshIndex: number): Float64Array {
  const skin = scene.meshes[meshIndex].skin;
  if (!skin) return new Float64Array(0);
  const world = evaluator.evaluateWorldMatrices(null, 0);
  const jointOfNode = new Map<number, number>();
  skin.jointNodeIndices.forEach((node, j) => jointOfNode.set(node, j));
  const at = (j: number) => [world[16 * skin.jointNodeIndices[j] + 12], world[16 * skin.jointNodeIndices[j] + 13], world[16 * skin.jointNodeIndices[j] + 14]];
  const segments: number[] = [];
  skin.jointNodeIndices.forEach((node, j) => {
    const p = at(j);
    segments.push(...p, ...p);
    const parent = jointOfNode.get(scene.hierarchy.parentIndices[node]);
    if (parent !== undefined) segments.push(...at(parent), ...p);
  });
  return Float64Array.from(segments);
}
