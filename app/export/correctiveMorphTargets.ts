import type { Document, Mesh, Node, Transform } from '@gltf-transform/core';
import { assignDefaults, createTransform } from '@gltf-transform/functions';
import { appendMorphTargets } from './appendMorphTargets.ts';
import { addWeightsTrack, padWeightsChannels, type BakedKeys } from './bakedAnimation.ts';
import { bakedClip } from './bakedClip.ts';

const NAME = 'correctiveMorphTargets';

/** The baked frames of one mesh node, as corrective morph targets. */
export interface CorrectiveMeshFrames {
  /** index of the mesh node in `document.getRoot().listNodes()` */
  node: number;
  /**
   * #T×#R×3 bind-space position deltas of the targets to add [m], render-vertex order: one per baked frame
   * (see correctiveDeltas), or T compact shapes (see compactShapes)
   */
  targets: Float32Array;
  /** #T×#R×3 bind-space normal deltas of the targets (see correctiveNormalDeltas), or null for positions only */
  normalTargets: Float32Array | null;
  /** #F×#T weight of each target at each baked frame, or null for one target per frame (T = F, one-hot) */
  frameWeights: Float32Array | null;
  /** #K×#E weights of the mesh's existing morph targets at each key, or null when it has none */
  existingWeights: Float32Array | null;
}

export interface CorrectiveMorphTargetsOptions {
  /** name of the baked animation */
  animationName?: string;
  /** index of the input clip whose channels the baked animation copies, or -1 */
  sourceAnimation?: number;
  /** key times and the baked frame shown at each */
  keys?: BakedKeys;
  meshes?: CorrectiveMeshFrames[];
  /** weights track interpolation: LINEAR blends neighbouring frames, STEP holds each */
  interpolation?: 'LINEAR' | 'STEP';
  /** store a target sparsely when at most this fraction of its vertices moves (0 = never) */
  sparseBelow?: number;
}

export const CORRECTIVE_MORPH_TARGETS_DEFAULTS: Required<CorrectiveMorphTargetsOptions> = {
  animationName: 'baked',
  sourceAnimation: -1,
  keys: { times: new Float32Array(0), frame: new Int32Array(0) },
  meshes: [],
  interpolation: 'LINEAR',
  sparseBelow: 0.5,
};

/**
 * Writes baked secondary motion as corrective morph targets on the (skinned) meshes, so the skin
 * still drives the mesh in any engine and the physics rides on top: deltas in bind space, either one
 * target per baked frame with a weights track one-hot on the frame at its time f/fps, or a few compact
 * shapes with a weights track that mixes them per frame (frameWeights). The
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
    const { nodes, animation, input, frameCount } = bakedClip(document, NAME, options);
    options.meshes.forEach((entry, i) => {
      const node = nodes[i];
      const mesh = ownMesh(node, new Set(nodes));
      const targetCount = entry.frameWeights ? entry.frameWeights.length / Math.max(frameCount, 1) : frameCount;
      if (entry.frameWeights && !Number.isInteger(targetCount)) throw new Error(`${NAME}: frameWeights of node "${node.getName()}" hold ${entry.frameWeights.length} numbers, not a multiple of ${frameCount} frames`);
      const names = Array.from({ length: targetCount }, (_, t) => (entry.frameWeights ? `${options.animationName} shape ${t}` : `${options.animationName} ${t}`));
      const existingCount = appendMorphTargets(document, mesh, entry.targets, entry.normalTargets, names, options.sparseBelow);
      // No targets at all (nothing moved, and none of its own): no weights to animate (glTF 2.0 §3.11 forbids the channel).
      if (existingCount + targetCount === 0) return;
      addWeightsTrack(document, animation, node, keys, input, entry.existingWeights, existingCount, targetCount, entry.frameWeights, options.interpolation);
      padWeightsChannels(document, node, animation, existingCount, targetCount);
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
