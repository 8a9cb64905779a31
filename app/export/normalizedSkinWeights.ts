import type { Document, Primitive, Transform } from '@gltf-transform/core';
import { assignDefaults, createTransform } from '@gltf-transform/functions';
import { accessorFloats } from '../io/index.ts';
import { writeSkinAttributes } from './writeSkinAttributes.ts';

const NAME = 'normalizedSkinWeights';

/** The skin influences of one skinned mesh node, as the importer normalized them. */
export interface SkinnedMeshInfluences {
  /** index of the mesh node in `document.getRoot().listNodes()` */
  node: number;
  /** #R×K joint indices of the concatenated triangle primitives' render vertices */
  joints: ArrayLike<number>;
  /** #R×K weights, normalized (ImportedSkin.weights) */
  weights: ArrayLike<number>;
  influencesPerVertex: number;
  /** the number of joints of the node's skin */
  jointCount: number;
  /** where each rewritten primitive's vertices lie in the arrays: index in the mesh's primitive list, first vertex, count */
  primitives: Array<{ primitive: number; firstVertex: number; vertexCount: number }>;
}

export interface NormalizedSkinWeightsOptions {
  meshes?: SkinnedMeshInfluences[];
}

export const NORMALIZED_SKIN_WEIGHTS_DEFAULTS: Required<NormalizedSkinWeightsOptions> = { meshes: [] };

/**
 * Rewrites the JOINTS_n/WEIGHTS_n of skinned primitives whose stored influences gltf-validator would reject:
 * weights that do not sum to 1 (ACCESSOR_WEIGHTS_NON_NORMALIZED), a joint repeated with non-zero weight
 * (ACCESSOR_JOINTS_INDEX_DUPLICATE) or a joint index past the skin (ACCESSOR_JOINTS_INDEX_OOB). They get the
 * influences the importer normalized and simulated with (app/io importedMesh: w / Σw, a weightless vertex bound
 * to its first joint), written by writeSkinAttributes, so the output plays what was baked and validates.
 * Clean primitives are left exactly as they were (their accessors, quantization and all).
 *
 * @param _options  the meshes' normalized influences (NORMALIZED_SKIN_WEIGHTS_DEFAULTS)
 * @returns the glTF-Transform transform
 * @category Transforms
 */
export function normalizedSkinWeights(_options: NormalizedSkinWeightsOptions = NORMALIZED_SKIN_WEIGHTS_DEFAULTS): Transform {
  const options = assignDefaults(NORMALIZED_SKIN_WEIGHTS_DEFAULTS, _options);
  return createTransform(NAME, (document: Document): void => {
    const nodes = document.getRoot().listNodes();
    for (const entry of options.meshes) {
      const primitives = nodes[entry.node]?.getMesh()?.listPrimitives();
      if (!primitives) throw new Error(`${NAME}: node ${entry.node} has no mesh`);
      for (const range of entry.primitives) {
        const primitive = primitives[range.primitive];
        if (!primitive || isClean(primitive, entry.jointCount)) continue;
        writeSkinAttributes(document, primitive, entry.joints, entry.weights, entry.influencesPerVertex, range.firstVertex, range.vertexCount);
      }
    }
  });
}

/** Whether a primitive's stored influences already pass the validator's skin checks. */
function isClean(primitive: Primitive, jointCount: number): boolean {
  const sets: Array<{ joints: ArrayLike<number>; weights: Float32Array }> = [];
  for (let s = 0; ; s++) {
    const joints = primitive.getAttribute(`JOINTS_${s}`);
    const weights = primitive.getAttribute(`WEIGHTS_${s}`);
    if (!joints && !weights) break;
    if (!joints || !weights || !joints.getArray()) return false;
    sets.push({ joints: joints.getArray()!, weights: accessorFloats(weights) });
  }
  if (sets.length === 0) return true;
  const count = sets[0].weights.length / 4;
  const used = new Set<number>();
  for (let v = 0; v < count; v++) {
    let sum = 0;
    used.clear();
    for (const set of sets) {
      for (let k = 0; k < 4; k++) {
        const w = set.weights[4 * v + k];
        const joint = set.joints[4 * v + k];
        if (w < 0 || joint >= jointCount) return false;
        if (w === 0) continue;
        if (used.has(joint)) return false;
        used.add(joint);
        sum += w;
      }
    }
    if (Math.abs(sum - 1) > 2e-6) return false;
  }
  return true;
}
