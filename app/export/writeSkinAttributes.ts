import { Accessor, type Document, type Primitive } from '@gltf-transform/core';
import { mergedInfluences } from './mergedInfluences.ts';

/**
 * Writes a primitive's JOINTS_n/WEIGHTS_n attributes from per-vertex influences so that gltf-validator finds
 * them clean (glTF 2.0 §3.7.3.3 "Skinned Mesh Attributes"): per vertex, influences on the same joint are
 * merged, zero weights dropped, the rest sorted by decreasing weight (players that keep only the first few keep
 * the strongest), normalized so the float32 weights sum to 1 to rounding (the largest absorbs the remainder),
 * and unused slots hold joint 0 with weight 0 (ACCESSOR_JOINTS_USED_ZERO_WEIGHT). As many sets of four as the
 * busiest vertex needs are written (at least one); sets beyond them are removed. JOINTS are unsigned bytes when
 * every index fits, else unsigned shorts; WEIGHTS are floats. A vertex without any weight keeps its first joint
 * with weight 1, as the importer (and three.js) bind it.
 *
 * @param document             the document that owns the primitive
 * @param primitive            the primitive to rewrite
 * @param joints               #R×K joint indices (of the mesh's concatenated render vertices)
 * @param weights              #R×K weights ≥ 0 (any scale: they are normalized here)
 * @param influencesPerVertex  K
 * @param firstVertex          the primitive's first render vertex in joints/weights
 * @param vertexCount          the primitive's vertex count
 * @returns the number of sets written
 */
export function writeSkinAttributes(
  document: Document,
  primitive: Primitive,
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
  influencesPerVertex: number,
  firstVertex: number,
  vertexCount: number,
): number {
  const merged: Array<Array<[number, number]>> = [];
  let busiest = 1;
  let largestJoint = 0;
  for (let v = 0; v < vertexCount; v++) {
    const list = mergedInfluences(joints, weights, influencesPerVertex, firstVertex + v);
    busiest = Math.max(busiest, list.length);
    for (const [joint] of list) largestJoint = Math.max(largestJoint, joint);
    merged.push(list);
  }
  const sets = Math.ceil(busiest / 4);
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  for (let s = 0; s < sets; s++) {
    const jointArray = largestJoint < 256 ? new Uint8Array(4 * vertexCount) : new Uint16Array(4 * vertexCount);
    const weightArray = new Float32Array(4 * vertexCount);
    merged.forEach((list, v) => {
      let sum = 0;
      for (const [, w] of list) sum += w;
      // float32 weights, the largest taking 1 − Σ(others) so the stored sum is 1 to one rounding.
      let others = 0;
      for (let i = 1; i < list.length; i++) others += Math.fround(list[i][1] / sum);
      for (let i = 4 * s; i < Math.min(4 * s + 4, list.length); i++) {
        jointArray[4 * v + i - 4 * s] = list[i][0];
        weightArray[4 * v + i - 4 * s] = i === 0 ? 1 - others : list[i][1] / sum;
      }
    });
    primitive.setAttribute(`JOINTS_${s}`, document.createAccessor().setType(Accessor.Type.VEC4).setArray(jointArray).setBuffer(buffer));
    primitive.setAttribute(`WEIGHTS_${s}`, document.createAccessor().setType(Accessor.Type.VEC4).setArray(weightArray).setBuffer(buffer));
  }
  for (let s = sets; primitive.getAttribute(`JOINTS_${s}`) || primitive.getAttribute(`WEIGHTS_${s}`); s++) {
    primitive.setAttribute(`JOINTS_${s}`, null);
    primitive.setAttribute(`WEIGHTS_${s}`, null);
  }
  return sets;
}
