import type { Document } from '@gltf-transform/core';
import { cloneDocument } from '@gltf-transform/functions';
import { createAnimationEvaluator } from '../animation/index.ts';
import type { OverlapProject } from '../document/index.ts';
import { correctiveDeltas, correctiveMorphTargets, projectExtras, vertexCache, type BakedKeys, type CorrectiveMeshFrames } from '../export/index.ts';
import type { ImportedScene } from '../io/index.ts';
import type { BakeResult } from './bakeAnimation.ts';

/**
 * The output document of a bake: a copy of the input (nodes, materials, textures, skeleton and clips
 * kept) with the baked motion written by the chosen export mode, the baked clip first, and the
 * authoring data in the root extras. The input scene's document is not modified.
 *
 * Corrective mode keys frame f at f/fps (the input clip's timeline) with one morph target per frame
 * whose bind-space deltas make the skin land on the baked positions at that time (correctiveDeltas,
 * evaluated against the output's own pose: the clip clamps past its end, or, for a loop baked over more
 * than one cycle, repeats its keys every cycle). When the baked range leaves
 * out part of the clip, one extra key a frame before and after fades the correction out, so the rest
 * of the clip plays the input. Cache mode writes the baked world positions as an unskinned vertex cache.
 *
 * @param scene    the imported input scene
 * @param result   bakeAnimation's result
 * @param project  authoring data to store in extras (null: none)
 * @returns a new document
 */
export async function bakedDocument(scene: ImportedScene, result: BakeResult, project: OverlapProject | null): Promise<Document> {
  const { settings } = result;
  const document = cloneDocument(scene.document);
  const sourceNodes = scene.document.getRoot().listNodes();
  const nodes = document.getRoot().listNodes();
  if (nodes.length !== sourceNodes.length || nodes.some((n, i) => n.getName() !== sourceNodes[i].getName())) {
    throw new Error('bakedDocument: the copied document lists its nodes in another order');
  }
  // Compression of the input is decoded on import; the output is written uncompressed unless asked.
  for (const extension of document.getRoot().listExtensionsUsed()) {
    if (extension.extensionName === 'KHR_draco_mesh_compression' || extension.extensionName === 'EXT_meshopt_compression') extension.dispose();
  }
  const clip = scene.clips[settings.clipIndex];
  // Imported clips are the document's animations, in order.
  const animationIndex = settings.clipIndex;
  const animationName = `${clip.name} (baked)`;
  const frameCount = result.inputTimes.length;
  const outputTime = (frame: number) => frame / settings.fps;
  // A loop baked past one cycle plays the skeleton's keys once per cycle (bakedAnimation's repeat).
  const lastTime = outputTime(settings.lastFrame);
  const sourceRepeat = settings.loop && clip.duration > 0 && lastTime > clip.duration + 1e-6 ? { period: clip.duration, until: lastTime } : null;

  if (settings.mode === 'cache') {
    const keys: BakedKeys = {
      times: Float32Array.from({ length: frameCount }, (_, f) => outputTime(settings.firstFrame + f)),
      activeTarget: Int32Array.from({ length: frameCount }, (_, f) => f),
    };
    const meshes = result.meshes.map((m) => ({ node: sourceNodes.indexOf(scene.meshes[m.meshIndex].node), positions: m.positions }));
    await document.transform(vertexCache({ animationName, sourceAnimation: animationIndex, keys, meshes, interpolation: settings.interpolation, sourceRepeat }));
  } else {
    const times: number[] = [];
    const active: number[] = [];
    if (settings.firstFrame > 0) {
      times.push(outputTime(settings.firstFrame - 1));
      active.push(-1);
    }
    for (let f = 0; f < frameCount; f++) {
      times.push(outputTime(settings.firstFrame + f));
      active.push(f);
    }
    if (outputTime(settings.lastFrame + 1) <= clip.duration + 1e-6) {
      times.push(outputTime(settings.lastFrame + 1));
      active.push(-1);
    }
    const keys: BakedKeys = { times: Float32Array.from(times), activeTarget: Int32Array.from(active) };
    const evaluator = createAnimationEvaluator(scene);
    // The pose the output plays at a key: the clip at that time, clamped to its end as glTF players do, or with the
    // keys repeated per cycle, the time within the cycle (a cycle's end keeps the previous cycle's last key).
    const poseTime = (t: number) => {
      if (sourceRepeat && t > clip.duration) return t - clip.duration * Math.ceil(t / clip.duration - 1 - 1e-9);
      return Math.min(Math.max(t, 0), clip.duration);
    };
    const meshes: CorrectiveMeshFrames[] = result.meshes.map((baked) => {
      const mesh = scene.meshes[baked.meshIndex];
      const stride = 3 * mesh.renderVertexCount;
      const deltas = new Float32Array(frameCount * stride);
      const input = new Float32Array(stride);
      for (let f = 0; f < frameCount; f++) {
        const t = poseTime(outputTime(settings.firstFrame + f));
        const parts = evaluator.evaluateMeshParts(baked.meshIndex, settings.clipIndex, t);
        evaluator.evaluateMesh(baked.meshIndex, settings.clipIndex, t, input);
        const skin = mesh.skin;
        correctiveDeltas(
          parts.morphedBindPositions,
          skin ? skin.joints : null,
          skin ? skin.weights : null,
          skin ? skin.influencesPerVertex : 0,
          parts.skinMatrices ?? parts.worldMatrix,
          baked.positions.subarray(f * stride, (f + 1) * stride),
          input,
          deltas.subarray(f * stride, (f + 1) * stride),
        );
      }
      const existing = mesh.morphTargetCount;
      const existingWeights = existing > 0 ? new Float32Array(times.length * existing) : null;
      if (existingWeights) times.forEach((t, k) => existingWeights.set(evaluator.evaluateMorphWeights(baked.meshIndex, settings.clipIndex, poseTime(t)), k * existing));
      return { node: sourceNodes.indexOf(mesh.node), deltas, existingWeights };
    });
    await document.transform(correctiveMorphTargets({ animationName, sourceAnimation: animationIndex, keys, meshes, interpolation: settings.interpolation, sourceRepeat }));
  }
  await document.transform(projectExtras({ project }));
  return document;
}
