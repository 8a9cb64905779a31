import type { Document, Transform } from '@gltf-transform/core';
import { assignDefaults, createTransform } from '@gltf-transform/functions';
import type { BakedKeys, BakedRepeat } from './bakedAnimation.ts';
import { bakedClip, bakedClipDefaults } from './bakedClip.ts';
import { morphTargetParts, type MorphTargetPart } from './morphTargetParts.ts';
import { ownMesh } from './ownMesh.ts';

const NAME = 'correctiveMorphTargets';

/** The baked frames of one mesh node, as corrective morph targets. */
export interface CorrectiveMeshFrames {
  /** index of the mesh node in `document.getRoot().listNodes()` */
  node: number;
  /**
   * the targets to add: one part with triangles = null for the whole mesh, or the chunks of a split mesh
   * (shapeChunks). Targets are bind-space deltas [m] in render-vertex order, one per baked frame (correctiveDeltas,
   * frameWeights = null) or compact shapes with their weights per frame (compactShapes), with normal deltas
   * (correctiveNormalDeltas) or without (normalTargets = null)
   */
  parts: MorphTargetPart[];
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
  /** add to the baked animation an earlier exporter made (see bakedClip) */
  extendAnimation?: boolean;
  /** a looped bake longer than one cycle: the source clip's keys repeat every cycle (null: copied once) */
  sourceRepeat?: BakedRepeat | null;
}

export const CORRECTIVE_MORPH_TARGETS_DEFAULTS: Required<CorrectiveMorphTargetsOptions> = { ...bakedClipDefaults(), sparseBelow: 0.5 };

/**
 * Writes baked secondary motion as corrective morph targets on the (skinned) meshes, so the skin
 * still drives the mesh in any engine and the physics rides on top: deltas in bind space, either one
 * target per baked frame with a weights track one-hot on the frame at its time f/fps, or a few compact
 * shapes with a weights track that mixes them per frame (frameWeights), split over parts of the mesh when one
 * basis would need more targets than players accept (morphTargetParts). The
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
      ownMesh(node, new Set(nodes), NAME);
      for (const part of entry.parts) {
        if (part.frameWeights && part.frameWeights.length % Math.max(frameCount, 1) !== 0) {
          throw new Error(`${NAME}: frameWeights of node "${node.getName()}" hold ${part.frameWeights.length} numbers, not a multiple of ${frameCount} frames`);
        }
      }
      const { interpolation, sparseBelow, animationName: name } = options;
      morphTargetParts(document, node, entry.parts, entry.existingWeights, { animation, keys, input, frameCount, name, interpolation, sparseBelow });
    });
    document.getLogger().debug(`${NAME}: Complete.`);
  });
}
