import type { BakedMesh } from '../bakeAnimation.ts';
import { posedTime } from './correctiveKeys.ts';
import type { BakedDocumentJob } from './types.ts';

/**
 * The input's own morph weights of a baked mesh at each key of a corrective or bones export (the clip at the key's
 * pose time), which the export keeps playing beside the targets it adds.
 *
 * @param job    the export in progress (scene, evaluator, settings.clipIndex)
 * @param baked  the mesh
 * @param times  the keys' output times [s]
 * @returns #keys×#M weights, row-major by key, where #M is the mesh's own morph-target count; null when it has none
 */
export function existingMorphWeights(job: BakedDocumentJob, baked: BakedMesh, times: readonly number[]): Float32Array | null {
  const existing = job.scene.meshes[baked.meshIndex].morphTargetCount;
  if (existing === 0) return null;
  const values = new Float32Array(times.length * existing);
  times.forEach((t, k) => values.set(job.evaluator.evaluateMorphWeights(baked.meshIndex, job.settings.clipIndex, posedTime(job, t)), k * existing));
  return values;
}
