/**
 * One glTF animation as typed-array channels resolved to the imported hierarchy (glTF 2.0 §3.11
 * "Animations"). Channels that target nodes outside the imported scene, or morph weights of a node
 * without a mesh, are dropped with a warning. Keyframe times must be finite and non-decreasing;
 * output counts must match the interpolation (3 values per key for CUBICSPLINE).
 */
import type { Animation, Node as GltfNode } from '@gltf-transform/core';
import { accessorFloats } from './accessorFloats.ts';
import { GltfImportError } from './gltfImportError.ts';
import type { ImportedChannel, ImportedChannelPath, ImportedClip, ImportedInterpolation } from './importedScene.ts';

const COMPONENTS: Record<string, number> = { translation: 3, rotation: 4, scale: 3 };

/**
 * One glTF animation as typed-array channels on the imported hierarchy (glTF 2.0 §3.11, rules above).
 *
 * @param animation     the glTF-Transform animation
 * @param name          the clip's unique name
 * @param nodeIndexOf   hierarchy index of a node, -1 when it is not in the imported scene
 * @param morphTargetCountOf  morph targets of a node's mesh (0 without mesh)
 * @param warnings      receives dropped channels and repaired oddities
 * @returns the clip: channels with key times [s] and values, and its duration [s]
 * @throws GltfImportError for non-finite or decreasing key times and output counts that do not match
 */
export function importedClip(
  animation: Animation,
  name: string,
  nodeIndexOf: (node: GltfNode) => number,
  morphTargetCountOf: (node: GltfNode) => number,
  warnings: string[],
): ImportedClip {
  const where = `animation "${name}"`;
  const channels: ImportedChannel[] = [];
  let outsideScene = 0;
  let noNode = 0;
  let duration = 0;
  animation.listChannels().forEach((channel, c) => {
    const node = channel.getTargetNode();
    const path = channel.getTargetPath();
    const sampler = channel.getSampler();
    if (!node) noNode++;
    if (!node || !path || !sampler) return;
    if (!(path in COMPONENTS) && path !== 'weights') {
      warnings.push(`${where} channel ${c}: path "${path}" is not supported; ignored`);
      return;
    }
    const nodeIndex = nodeIndexOf(node);
    if (nodeIndex < 0) {
      outsideScene++;
      return;
    }
    const input = sampler.getInput();
    const output = sampler.getOutput();
    if (!input || !output) throw new GltfImportError('', `${where} channel ${c}: sampler has no input or output`);
    const interpolation = sampler.getInterpolation() as ImportedInterpolation;
    const times = accessorFloats(input);
    const values = accessorFloats(output);
    const keyCount = times.length;
    if (keyCount === 0) {
      warnings.push(`${where} channel ${c} has no keyframes; ignored`);
      return;
    }
    for (let k = 0; k < keyCount; k++) {
      if (!Number.isFinite(times[k])) throw new GltfImportError('', `${where} channel ${c}: keyframe time ${k} is not finite`);
      if (k > 0 && times[k] < times[k - 1])
        throw new GltfImportError(
          '',
          `${where} channel ${c}: keyframe times decrease at key ${k} (${Number(times[k - 1].toPrecision(7))} s then ${Number(times[k].toPrecision(7))} s)`,
        );
    }
    for (let i = 0; i < values.length; i++) {
      if (!Number.isFinite(values[i])) throw new GltfImportError('', `${where} channel ${c}: keyframe value ${i} is not finite`);
    }
    const valuesPerKey = interpolation === 'CUBICSPLINE' ? 3 : 1;
    let componentCount: number;
    if (path === 'weights') {
      const targetCount = morphTargetCountOf(node);
      if (targetCount === 0) {
        warnings.push(`${where} channel ${c}: animates morph weights of a node without morph targets; ignored`);
        return;
      }
      componentCount = targetCount;
    } else {
      componentCount = COMPONENTS[path];
    }
    if (values.length !== keyCount * valuesPerKey * componentCount) {
      throw new GltfImportError(
        '',
        `${where} channel ${c} (${path}, ${interpolation}): ${keyCount} keys need ${keyCount * valuesPerKey * componentCount} output values, found ${values.length}`,
      );
    }
    if (path === 'rotation') {
      // glTF requires unit quaternions; non-unit ones are used as given (as three.js does) but reported.
      let worst = 0;
      for (let k = 0; k < keyCount; k++) {
        const i = (k * valuesPerKey + (valuesPerKey === 3 ? 1 : 0)) * 4; // CUBICSPLINE: skip the tangents
        worst = Math.max(worst, Math.abs(Math.hypot(values[i], values[i + 1], values[i + 2], values[i + 3]) - 1));
      }
      if (worst > 1e-3)
        warnings.push(`${where} channel ${c}: rotation keys are not unit quaternions (|q| off by up to ${worst.toPrecision(2)}); used as given`);
    }
    duration = Math.max(duration, times[keyCount - 1]);
    channels.push({ nodeIndex, path: path as ImportedChannelPath, interpolation, times, values, componentCount });
  });
  if (outsideScene > 0) warnings.push(`${where}: ${outsideScene} channels target nodes outside the imported scene; ignored`);
  if (noNode > 0)
    warnings.push(
      `${where}: ${noNode} channel${noNode === 1 ? ' animates' : 's animate'} no node (a material or other property, KHR_animation_pointer); ignored, and not carried into the output`,
    );
  return { name, duration, channelCount: channels.length, channels };
}
