import { Accessor, type Animation, type AnimationChannel, type Document, type Node } from '@gltf-transform/core';
import { repairedSampler } from './repairedSampler.ts';
import { requireFinite } from './requireFinite.ts';

/** How a baked clip is keyed: one key per baked frame, plus optional keys where no baked motion shows. */
export interface BakedKeys {
  /** #K key times [s], strictly increasing; frame f of the input sits at f/fps */
  times: Float32Array;
  /** #K index of the baked frame shown at each key (0 = the first baked frame), or -1 for none (the input animation alone) */
  frame: Int32Array;
}

/** A cyclic source clip played for longer than one cycle: its keys repeat every `period` seconds until `until`. */
export interface BakedRepeat {
  /** the cycle's length [s] (the clip's duration) */
  period: number;
  /** the baked clip's last time [s] */
  until: number;
}

/**
 * Creates the output's baked animation and makes it the document's FIRST animation: a copy of the
 * source clip's channels (so the skeleton and every other node keep the input's timeline and
 * keyframes exactly) without the morph-weights channels of the given nodes, which the caller replaces
 * by baked weights tracks. The input clips stay in the file, after it, unchanged.
 *
 * A looped bake longer than one cycle (`repeat`) repeats every copied channel's keys once per cycle, at t + k·period,
 * so the skeleton plays every cycle of the baked clip (not only the first, which would leave the walk to the
 * corrective shapes); a key landing on the previous cycle's last key time is dropped (a loopable clip's last key
 * equals its first), keeping the times strictly increasing.
 *
 * @param document         the document to add the animation to
 * @param name             the baked animation's name
 * @param sourceAnimation  the input clip to copy channels from, or null
 * @param replacedWeights  nodes whose `weights` channels are not copied
 * @param repeat           cycle length and end time of a looped bake, or null (copy the keys once)
 * @returns the new animation, first in `root.listAnimations()`
 */
export function bakedAnimation(
  document: Document,
  name: string,
  sourceAnimation: Animation | null,
  replacedWeights: ReadonlySet<Node>,
  repeat: BakedRepeat | null = null,
): Animation {
  const root = document.getRoot();
  const previous = root.listAnimations();
  const baked = document.createAnimation(name);
  if (sourceAnimation) {
    const copied = new Map<string, AnimationChannel>();
    const nodes = document.getRoot().listNodes();
    for (const channel of sourceAnimation.listChannels()) {
      const target = channel.getTargetNode();
      const path = channel.getTargetPath();
      if (!target || !channel.getSampler() || !path) continue;
      if (path === 'weights' && replacedWeights.has(target)) continue;
      const targetCount = target.getMesh()?.listPrimitives()[0]?.listTargets().length ?? 0;
      if (path === 'weights' && targetCount === 0) continue;
      // Two channels with one target: the later is the one the evaluator applies last; the earlier copy goes.
      const key = `${nodes.indexOf(target)}/${path}`;
      const earlier = copied.get(key);
      if (earlier) {
        const earlierSampler = earlier.getSampler();
        earlier.dispose();
        earlierSampler?.dispose();
      }
      const sampler =
        repairedSampler(document, channel.getSampler()!, path, path === 'weights' ? targetCount : path === 'rotation' ? 4 : 3) ?? channel.getSampler()!;
      const copy = document.createAnimationSampler().setInterpolation(sampler.getInterpolation());
      const input = sampler.getInput();
      const output = sampler.getOutput();
      if (repeat && input && output && repeat.until > repeat.period && repeat.period > 0) {
        const [times, values] = repeatedKeys(input, output, sampler.getInterpolation() === 'CUBICSPLINE' ? 3 : 1, repeat);
        const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
        copy.setInput(document.createAccessor().setType(Accessor.Type.SCALAR).setArray(times).setBuffer(buffer));
        copy.setOutput(document.createAccessor().setType(output.getType()).setArray(values).setBuffer(buffer));
      } else {
        copy.setInput(input).setOutput(output);
      }
      if (sampler !== channel.getSampler()) sampler.dispose(); // a repaired sampler lent its accessors to the copy
      baked.addSampler(copy);
      const copiedChannel = document.createAnimationChannel().setTargetNode(target).setTargetPath(path).setSampler(copy);
      baked.addChannel(copiedChannel);
      copied.set(key, copiedChannel);
    }
  }
  // Root lists animations in creation order and exposes no reordering, so every earlier animation is
  // moved, with its channels, samplers, name and extras, into a fresh animation created after ours.
  for (const animation of previous) {
    const moved = document.createAnimation(animation.getName()).setExtras(animation.getExtras());
    for (const sampler of animation.listSamplers()) {
      animation.removeSampler(sampler);
      moved.addSampler(sampler);
    }
    for (const channel of animation.listChannels()) {
      animation.removeChannel(channel);
      moved.addChannel(channel);
    }
    animation.dispose();
  }
  return baked;
}

/** A channel's keys repeated every period until `until` (see bakedAnimation); values read as floats. */
function repeatedKeys(input: Accessor, output: Accessor, valuesPerKey: number, repeat: BakedRepeat): [Float32Array, Float32Array] {
  const keyCount = input.getCount();
  const width = output.getElementSize() * valuesPerKey;
  const sourceTimes: number[] = [];
  const sourceValues: number[] = [];
  const element: number[] = [];
  for (let k = 0; k < keyCount; k++) sourceTimes.push(input.getScalar(k));
  for (let e = 0; e < output.getCount(); e++) {
    output.getElement(e, element);
    sourceValues.push(...element);
  }
  const times: number[] = [];
  const values: number[] = [];
  const cycles = Math.ceil(repeat.until / repeat.period - 1e-9);
  for (let c = 0; c < cycles; c++) {
    for (let k = 0; k < keyCount; k++) {
      const t = sourceTimes[k] + c * repeat.period;
      if (times.length > 0 && !(Math.fround(t) > times[times.length - 1])) continue;
      times.push(Math.fround(t));
      for (let i = 0; i < width; i++) values.push(sourceValues[k * width + i]);
    }
  }
  return [Float32Array.from(times), Float32Array.from(values)];
}

/**
 * Adds a morph-weights track to an animation: at each key, the node's existing targets take their
 * sampled input weights and the added targets take the weights of the baked frame shown there (one-hot on
 * that frame's target for per-frame targets, the fitted shape weights for compact shapes, zero where no
 * baked frame shows).
 *
 * @param document         the document
 * @param animation        the baked animation
 * @param node             the mesh node whose weights are animated
 * @param keys             key times and the baked frame per key
 * @param input            the shared time accessor built from keys.times
 * @param existingWeights  #K×#E sampled weights of the existing targets, or null when E = 0
 * @param existingCount    E, the number of targets before the added ones
 * @param targetCount      T, the number of added targets
 * @param frameWeights     #F×T weight of each added target at each baked frame, or null for one target per frame (T = F)
 * @param interpolation    'LINEAR' (blend neighbouring frames) or 'STEP' (hold each frame)
 * @throws Error when a weight is not finite
 */
export function addWeightsTrack(
  document: Document,
  animation: Animation,
  node: Node,
  keys: BakedKeys,
  input: Accessor,
  existingWeights: Float32Array | null,
  existingCount: number,
  targetCount: number,
  frameWeights: Float32Array | null,
  interpolation: 'LINEAR' | 'STEP',
): void {
  const keyCount = keys.times.length;
  const stride = existingCount + targetCount;
  const values = new Float32Array(keyCount * stride);
  for (let k = 0; k < keyCount; k++) {
    for (let e = 0; e < existingCount; e++) values[k * stride + e] = existingWeights ? existingWeights[k * existingCount + e] : 0;
    const frame = keys.frame[k];
    if (frame < 0) continue;
    if (frameWeights) {
      for (let t = 0; t < targetCount; t++) values[k * stride + existingCount + t] = frameWeights[frame * targetCount + t];
    } else {
      values[k * stride + existingCount + frame] = 1;
    }
  }
  requireFinite(values, `weights track of node "${node.getName()}"`);
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const output = document.createAccessor().setType(Accessor.Type.SCALAR).setArray(values).setBuffer(buffer);
  const sampler = document.createAnimationSampler().setInput(input).setOutput(output).setInterpolation(interpolation);
  animation.addSampler(sampler);
  animation.addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('weights').setSampler(sampler));
}

/**
 * Pads every other animation's `weights` channel on a node with zeros for the added targets, so those clips keep
 * their per-key value count (glTF 2.0 §3.11: one value per target per key, three for CUBICSPLINE) and play as
 * before. With `onto` (a part split off the node by meshChunkNodes, carrying the node's own targets first) the
 * padded channel is added for that node instead, so the part plays the other clips' morph weights too.
 *
 * @param document       the document
 * @param node           the mesh node whose channels are read
 * @param skip           the baked animation (already written with the full count)
 * @param existingCount  E, targets before
 * @param addedCount     T, targets added
 * @param onto           the node that receives the padded channels (default: node itself, in place)
 */
export function padWeightsChannels(document: Document, node: Node, skip: Animation, existingCount: number, addedCount: number, onto: Node = node): void {
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  for (const animation of document.getRoot().listAnimations()) {
    if (animation === skip) continue;
    for (const channel of animation.listChannels()) {
      if (channel.getTargetNode() !== node || channel.getTargetPath() !== 'weights') continue;
      const sampler = channel.getSampler();
      const output = sampler?.getOutput();
      if (!sampler || !output || existingCount === 0) continue;
      const source = output.getArray();
      if (!source) continue;
      const groups = source.length / existingCount; // keys, or 3×keys for CUBICSPLINE
      const values = new Float32Array(groups * (existingCount + addedCount));
      const scratch: number[] = [];
      for (let g = 0; g < groups; g++) {
        for (let e = 0; e < existingCount; e++) {
          // Normalized-integer outputs read back as floats through getElement.
          output.getElement(g * existingCount + e, scratch);
          values[g * (existingCount + addedCount) + e] = scratch[0];
        }
      }
      const padded = document.createAccessor().setType(Accessor.Type.SCALAR).setArray(values).setBuffer(buffer);
      if (onto === node) {
        sampler.setOutput(padded);
      } else {
        const copy = document.createAnimationSampler().setInput(sampler.getInput()).setOutput(padded).setInterpolation(sampler.getInterpolation());
        animation.addSampler(copy);
        animation.addChannel(document.createAnimationChannel().setTargetNode(onto).setTargetPath('weights').setSampler(copy));
      }
    }
  }
}

/**
 * Removes the `weights` channels that target a node (it no longer has a mesh, glTF 2.0 §3.11 forbids them) and
 * the samplers they leave unused.
 *
 * @param document  the document
 * @param node      the node
 */
export function removeWeightsChannels(document: Document, node: Node): void {
  for (const animation of document.getRoot().listAnimations()) {
    for (const channel of animation.listChannels()) {
      if (channel.getTargetNode() !== node || channel.getTargetPath() !== 'weights') continue;
      const sampler = channel.getSampler();
      channel.dispose();
      if (sampler && !animation.listChannels().some((c) => c.getSampler() === sampler)) sampler.dispose();
    }
  }
}
