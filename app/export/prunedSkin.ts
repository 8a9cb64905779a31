import { mergedInfluences } from './mergedInfluences.ts';

/** A skin with at most 4 influences per vertex, in float64. */
export interface PrunedSkin {
  /** #R×4 joint indices; slots at and past `counts[i]` are 0 */
  joints: Uint16Array;
  /** #R×4 weights, > 0 and summing to 1 over each vertex's first `counts[i]` slots; the rest 0 */
  weights: Float64Array;
  /** #R influences kept per vertex, 1 to 4 */
  counts: Uint8Array;
}

/**
 * The input skin pruned to its 4 strongest influences per vertex and renormalized (glTF 2.0 §3.7.3.1 allows more
 * sets of JOINTS/WEIGHTS, most engines play 4): a joint named twice has its weights summed first; ties keep the
 * lower joint index; a vertex without any positive weight goes wholly to its first joint (mergedInfluences). The start of helperBoneFit,
 * whose helpers take weight from these joints only.
 *
 * @param joints               #R×K joint indices
 * @param weights              #R×K weights (non-positive and NaN entries are ignored)
 * @param influencesPerVertex  K
 * @param vertexCount          #R
 * @returns the ≤ 4 strongest influences per vertex, strongest first, summing to 1
 */
export function prunedSkin(joints: ArrayLike<number>, weights: ArrayLike<number>, influencesPerVertex: number, vertexCount: number): PrunedSkin {
  const R = vertexCount;
  const baseJoints = new Uint16Array(4 * R);
  const baseWeights = new Float64Array(4 * R);
  const influenceCount = new Uint8Array(R);
  for (let i = 0; i < R; i++) {
    const kept = mergedInfluences(joints, weights, influencesPerVertex, i).slice(0, 4);
    const sum = kept.reduce((s, entry) => s + entry[1], 0);
    kept.forEach(([joint, w], k) => {
      baseJoints[4 * i + k] = joint;
      baseWeights[4 * i + k] = w / sum;
    });
    influenceCount[i] = kept.length;
  }
  return { joints: baseJoints, weights: baseWeights, counts: influenceCount };
}
