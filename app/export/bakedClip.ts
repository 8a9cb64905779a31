import { Accessor, type Animation, type Document, type Node } from '@gltf-transform/core';
import { bakedAnimation, type BakedKeys, type BakedRepeat } from './bakedAnimation.ts';

/** What the bake exporters (correctiveMorphTargets, helperBones, vertexCache) share about the clip they write. */
export interface BakedClipOptions {
  /** name of the baked animation */
  animationName: string;
  /** index of the input clip whose channels the baked animation copies, or -1 */
  sourceAnimation: number;
  /** key times and the baked frame shown at each */
  keys: BakedKeys;
  /** the baked mesh nodes, as indices into `document.getRoot().listNodes()` */
  meshes: ReadonlyArray<{ node: number }>;
  /**
   * add to the baked animation an earlier exporter made (the document's first, named animationName) instead of
   * making one: bones mode writes skinned meshes with helperBones and unskinned ones with correctiveMorphTargets
   */
  extendAnimation?: boolean;
  /** a looped bake longer than one cycle: the source clip's keys repeat every cycle (bakedAnimation), else null */
  sourceRepeat?: BakedRepeat | null;
}

/**
 * The defaults the bake exporters share (their `…_DEFAULTS` spread this first): the animation named "baked", no
 * source clip, no keys or meshes, linear keys, a new animation, the source clip copied once. A fresh object per
 * call, so no exporter's defaults share an array with another's.
 */
export function bakedClipDefaults() {
  return {
    animationName: 'baked',
    sourceAnimation: -1,
    keys: { times: new Float32Array(0), frame: new Int32Array(0) } as BakedKeys,
    meshes: [],
    interpolation: 'LINEAR' as 'LINEAR' | 'STEP',
    extendAnimation: false,
    sourceRepeat: null as BakedRepeat | null,
  };
}

/** The baked clip's scaffolding, ready for per-mesh weights tracks. */
export interface BakedClip {
  /** #M the baked mesh nodes, in the order of options.meshes */
  nodes: Node[];
  /** the baked animation, first in the document (bakedAnimation) */
  animation: Animation;
  /** #K key times [s] as a SCALAR accessor, the input of every weights track */
  input: Accessor;
  /** F, the number of baked frames: 1 + the largest frame index of the keys */
  frameCount: number;
}

/**
 * Resolves and checks the baked mesh nodes and the source clip, then creates the baked animation
 * (bakedAnimation: the source clip's channels, first in the document) and the shared key-time accessor: the
 * common opening of the corrective-morph-target and vertex-cache transforms (glTF 2.0 §3.11: one sampler input
 * per track, here one accessor shared by all).
 *
 * @param document       the document being transformed
 * @param name           the calling transform's NAME, which prefixes every error
 * @param options        animation name, source clip, keys (#K times, #K active targets) and #M mesh nodes
 * @param requireFrames  throw when no key shows a baked frame (the vertex cache needs a first frame as its base)
 * @returns the nodes, the new animation, the key-time accessor and F
 * @throws Error `NAME: …` for a node without a mesh, a node listed twice, a missing source clip, key times that
 *         are not finite and strictly increasing (glTF 2.0 §3.11), or no frames when requireFrames; nothing is
 *         changed in the document before these checks pass
 */
export function bakedClip(document: Document, name: string, options: BakedClipOptions, requireFrames = false): BakedClip {
  const root = document.getRoot();
  const allNodes = root.listNodes();
  const { keys } = options;
  const frameCount = keys.frame.reduce((n, t) => Math.max(n, t + 1), 0);
  if (requireFrames && frameCount === 0) throw new Error(`${name}: no baked frames`);
  const times = Float32Array.from(keys.times);
  for (let k = 0; k < times.length; k++) {
    if (!Number.isFinite(times[k]) || (k > 0 && !(times[k] > times[k - 1]))) {
      throw new Error(`${name}: key times must be finite and strictly increasing as float32, got ${times[k - 1]} then ${times[k]} at key ${k}`);
    }
  }
  const nodes: Node[] = options.meshes.map((entry) => {
    const node = allNodes[entry.node];
    if (!node?.getMesh()) throw new Error(`${name}: node ${entry.node} has no mesh`);
    return node;
  });
  if (new Set(nodes).size !== nodes.length) throw new Error(`${name}: a node is listed twice`);
  let animation: Animation;
  if (options.extendAnimation) {
    animation = root.listAnimations()[0];
    if (!animation || animation.getName() !== options.animationName) throw new Error(`${name}: no baked animation "${options.animationName}" to extend`);
    // Its copy of the source clip kept these nodes' weights channels; they are replaced like the first exporter's.
    for (const channel of animation.listChannels()) {
      if (channel.getTargetPath() !== 'weights' || !nodes.includes(channel.getTargetNode()!)) continue;
      const sampler = channel.getSampler();
      channel.dispose();
      if (sampler && !animation.listChannels().some((c) => c.getSampler() === sampler)) sampler.dispose();
    }
  } else {
    const source = options.sourceAnimation >= 0 ? (root.listAnimations()[options.sourceAnimation] ?? null) : null;
    if (options.sourceAnimation >= 0 && !source) throw new Error(`${name}: no animation ${options.sourceAnimation}`);
    animation = bakedAnimation(document, options.animationName, source, new Set(nodes), options.sourceRepeat ?? null);
  }
  const buffer = root.listBuffers()[0] ?? document.createBuffer();
  const input = document.createAccessor().setType(Accessor.Type.SCALAR).setArray(times).setBuffer(buffer);
  return { nodes, animation, input, frameCount };
}
