import type { Document, Mesh, Node, Transform } from '@gltf-transform/core';
import { assignDefaults, createTransform } from '@gltf-transform/functions';
import { appendMorphTargets } from './appendMorphTargets.ts';
import { addWeightsTrack, padWeightsChannels, type BakedKeys, type BakedRepeat } from './bakedAnimation.ts';
import { bakedClip } from './bakedClip.ts';

const NAME = 'correctiveMorphTargets';

/** The baked frames of one mesh node, as corrective morph targets. */
export interface CorrectiveMeshFrames {
  /** index of the mesh node in `document.getRoot().listNodes()` */
  node: number;
  /** #F×#R×3 bind-space position deltas per baked frame [m] (see correctiveDeltas), render-vertex order */
  deltas: Float32Array;
  /** #K×#E weights of the mesh's existing morph targets at each key, or null when it has none */
  existingWeights: Float32Array | null;
}

export interface CorrectiveMorphTargetsOptions {
  /** name of the baked animation */
  animationName?: string;
  /** index of the input clip whose channels the baked animation copies, or -1 */
  sourceAnimation?: number;
  /** key times and the baked frame active at each */
  keys?: BakedKeys;
  meshes?: CorrectiveMeshFrames[];
  /** weights track interpolation: LINEAR blends neighbouring frames, STEP holds each */
  interpolation?: 'LINEAR' | 'STEP';
  /** store a target sparsely when at most this fraction of its vertices moves (0 = never) */
  sparseBelow?: number;
  /** a looped bake longer than one cycle: the source clip's keys repeat every cycle (null: copied once) */
  sourceRepeat?: BakedRepeat | null;
}

export const CORRECTIVE_MORPH_TARGETS_DEFAULTS: Required<CorrectiveMorphTargetsOptions> = {
  animationName: 'baked',
  sourceAnimation: -1,
  keys: { times: new Float32Array(0), activeTarget: new Int32Array(0) },
  meshes: [],
  interpolation: 'LINEAR',
  sparseBelow: 0.5,
  sourceRepeat: null,
};

/**
 * Writes baked secondary motion as corrective morph targets on the (skinned) meshes, so the skin
 * still drives the mesh in any engine and the physics rides on top: one target per baked frame,
 * deltas in bind space, and a weights track that is one-hot on the frame at its time f/fps. The
 * baked animation copies the source clip's channels and becomes the output's first animation; the
 * input clips follow, unchanged (their weights channels on these nodes are padded with zeros).
 * A mesh shared with nodes that are not baked is copied first, so those nodes stay as they were.
 *
 * Example:
 * ```ts
 * await document.transform(correctiveMorphTargets({ animationName: 'Walk (baked)', sourceAnimation: 1, keys, meshes }));
 * ```
 *
 * @param _options  animation name, source clip, keys, mesh frames, interpolation, sparseBelow (CORRECTIVE_MORPH_TARGETS_DEFAULTS)
 * @returns the glTF-Transform transform, for `document.transform(...)`
 * @category Transforms
 */
export function correctiveMorphTargets(_options: CorrectiveMorphTargetsOptions = CORRECTIVE_MORPH_TARGETS_DEFAULTS): Transform {
  const options = assignDefaults(CORRECTIVE_MORPH_TARGETS_DEFAULTS, _options);
  return createTransform(NAME, async (document: Document): Promise<void> => {
    const { keys } = options;
    const { nodes: targets, animation, input, bakedCount } = bakedClip(document, NAME, options);
    options.meshes.forEach((entry, i) => {
      const node = targets[i];
      const mesh = ownMesh(node, new Set(targets));
      const names = Array.from({ length: bakedCount }, (_, f) => `${options.animationName} ${f}`);
      const existingCount = appendMorphTargets(document, mesh, entry.deltas, null, names, options.sparseBelow);
      addWeightsTrack(document, animation, node, keys, input, entry.existingWeights, existingCount, bakedCount, options.interpolation);
      padWeightsChannels(document, node, animation, existingCount, bakedCount);
    });
    document.getLogger().debug(`${NAME}: Complete.`);
  });
}

/** The node's mesh, copied (with its primitives) when other, unbaked nodes also use it. */
function ownMesh(node: Node, baked: ReadonlySet<Node>): Mesh {
  const mesh = node.getMesh()!;
  const users = mesh.listParents().filter((p): p is Node => p.propertyType === 'Node');
  if (users.every((user) => user === node)) return mesh;
  if (users.some((user) => user !== node && baked.has(user))) {
    throw new Error(`${NAME}: mesh "${mesh.getName()}" is instanced by several baked nodes; bake one instance`);
  }
  const copy = mesh.clone();
  for (const primitive of copy.listPrimitives()) copy.swap(primitive, primitive.clone());
  node.setMesh(copy);
  return copy;
}
