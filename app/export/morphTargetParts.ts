import type { Accessor, Animation, Document, Node } from '@gltf-transform/core';
import { appendMorphTargets } from './appendMorphTargets.ts';
import { addWeightsTrack, padWeightsChannels, removeWeightsChannels, type BakedKeys } from './bakedAnimation.ts';
import { meshChunkNodes } from './meshChunkNodes.ts';

/** The morph targets of one part of a mesh (a chunk, see shapeChunks), or of the whole mesh. */
export interface MorphTargetPart {
  /** indices into the mesh's concatenated triangle list, or null for the whole mesh */
  triangles: Uint32Array | null;
  /** #T×#R×3 position deltas over all render vertices of the mesh (zero outside the part) */
  targets: Float32Array;
  /** #T×#R×3 normal deltas, or null */
  normalTargets: Float32Array | null;
  /** #F×#T weight of each target at each baked frame, or null for one target per frame (T = F) */
  frameWeights: Float32Array | null;
}

/** Where the parts' weights tracks go and how they are named and stored. */
export interface MorphTargetPartsClip {
  animation: Animation;
  keys: BakedKeys;
  /** the key-time accessor shared by every track */
  input: Accessor;
  /** F, baked frames */
  frameCount: number;
  /** target names start with this */
  name: string;
  interpolation: 'LINEAR' | 'STEP';
  sparseBelow: number;
}

/**
 * Writes a mesh node's baked morph targets and their weights tracks: on the node itself when there is one
 * part covering the whole mesh, else on nodes split off for each part (meshChunkNodes), each with its own
 * targets after the mesh's own, its weights track in the baked clip, and the other clips' weights channels of
 * the original copied and padded (they animate the mesh's own targets). The original keeps the triangles that
 * no part took; when it keeps none, its weights channels go with its mesh.
 *
 * @param document         the document
 * @param node             the mesh node (its mesh owned by it alone)
 * @param parts            one part with triangles = null, or the chunks
 * @param existingWeights  #K×#E weights of the mesh's own targets at each key, or null
 * @param clip             the baked animation, keys, key times, frame count, names, interpolation, sparseness
 * @returns the largest number of targets added to a primitive
 */
export function morphTargetParts(
  document: Document,
  node: Node,
  parts: readonly MorphTargetPart[],
  existingWeights: Float32Array | null,
  clip: MorphTargetPartsClip,
): number {
  const { animation, keys, input, frameCount, name, interpolation, sparseBelow } = clip;
  const countOf = (part: MorphTargetPart) => (part.frameWeights ? part.frameWeights.length / Math.max(frameCount, 1) : frameCount);
  const namesOf = (part: MorphTargetPart, prefix: string) =>
    Array.from({ length: countOf(part) }, (_, t) => (part.frameWeights ? `${prefix} shape ${t}` : `${prefix} ${t}`));
  if (parts.length === 1 && parts[0].triangles === null) {
    const [part] = parts;
    const targetCount = countOf(part);
    const existingCount = appendMorphTargets(document, node.getMesh()!, part.targets, part.normalTargets, namesOf(part, name), sparseBelow);
    // No targets at all (nothing moved, and none of its own): no weights to animate (glTF 2.0 §3.11 forbids the channel).
    if (existingCount + targetCount > 0)
      addWeightsTrack(document, animation, node, keys, input, existingWeights, existingCount, targetCount, part.frameWeights, interpolation);
    padWeightsChannels(document, node, animation, existingCount, targetCount);
    return targetCount;
  }
  const existingCount = node.getMesh()!.listPrimitives()[0]?.listTargets().length ?? 0;
  const split = meshChunkNodes(
    document,
    node,
    parts.map((part) => part.triangles ?? new Uint32Array(0)),
  );
  let most = 0;
  split.forEach((chunk, c) => {
    const part = parts[c];
    const targetCount = countOf(part);
    most = Math.max(most, targetCount);
    const gather = (values: Float32Array) => {
      const R = values.length / Math.max(targetCount, 1) / 3;
      const count = chunk.ranges.reduce((n, r) => n + r.vertexCount, 0);
      const out = new Float32Array(targetCount * count * 3);
      for (let t = 0; t < targetCount; t++) {
        let offset = 0;
        for (const range of chunk.ranges) {
          out.set(values.subarray((t * R + range.firstVertex) * 3, (t * R + range.firstVertex + range.vertexCount) * 3), (t * count + offset) * 3);
          offset += range.vertexCount;
        }
      }
      return out;
    };
    const added = appendMorphTargets(
      document,
      chunk.mesh,
      gather(part.targets),
      part.normalTargets ? gather(part.normalTargets) : null,
      namesOf(part, `${name} part ${c}`),
      sparseBelow,
    );
    if (added + targetCount > 0)
      addWeightsTrack(document, animation, chunk.node, keys, input, existingWeights, added, targetCount, part.frameWeights, interpolation);
    padWeightsChannels(document, node, animation, added, targetCount, chunk.node);
  });
  if (!node.getMesh()) removeWeightsChannels(document, node);
  else if (existingCount > 0) addWeightsTrack(document, animation, node, keys, input, existingWeights, existingCount, 0, null, interpolation);
  return most;
}
