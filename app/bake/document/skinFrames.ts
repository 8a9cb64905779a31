import type { AnimationEvaluator } from '../../animation/index.ts';
import type { HelperBoneFrames } from '../../export/index.ts';
import type { ImportedMesh } from '../../io/index.ts';

/**
 * What helperBoneFit needs of a skinned mesh's baked frames: the skin matrices and the morphed bind positions of
 * the clip at each frame's time, and the baked positions.
 *
 * @param mesh        a skinned mesh of evaluator.scene
 * @param evaluator   the input's animation evaluator
 * @param clipIndex   the clip baked
 * @param frameTimes  #F pose time of each baked frame [s]
 * @param positions   #F×#R×3 baked world positions [file units]
 * @returns #F×#J×16 skin matrices (column-major), #F×#R×3 morphed bind positions, and the baked positions as targets
 */
export function skinFrames(
  mesh: ImportedMesh,
  evaluator: AnimationEvaluator,
  clipIndex: number,
  frameTimes: readonly number[],
  positions: Float32Array,
): HelperBoneFrames {
  const R = mesh.renderVertexCount;
  const J = mesh.skin!.jointNodeIndices.length;
  const F = frameTimes.length;
  const meshIndex = evaluator.scene.meshes.indexOf(mesh);
  const skinMatrices = new Float64Array(F * J * 16);
  const bindPositions = new Float32Array(F * R * 3);
  for (let f = 0; f < F; f++) {
    const parts = evaluator.evaluateMeshParts(meshIndex, clipIndex, frameTimes[f]);
    skinMatrices.set(parts.skinMatrices!, f * J * 16);
    bindPositions.set(parts.morphedBindPositions, f * R * 3);
  }
  return { frameCount: F, vertexCount: R, jointCount: J, skinMatrices, bindPositions, targets: positions };
}
