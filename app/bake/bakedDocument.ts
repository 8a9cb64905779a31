import type { Document } from '@gltf-transform/core';
import { createAnimationEvaluator, type AnimationEvaluator } from '../animation/index.ts';
import type { OverlapProject } from '../document/index.ts';
import { correctiveMorphTargets, projectExtras, type CorrectiveMeshFrames } from '../export/index.ts';
import type { ImportedScene } from '../io/index.ts';
import type { IntersectionCheckPool } from '../intersection/index.ts';
import type { BakeResult } from './bakeAnimation.ts';
import type { BakeWarning } from './bakeWarning.ts';
import { correctiveKeys } from './document/correctiveKeys.ts';
import { correctivePlan } from './document/correctivePlan.ts';
import { outputDocument } from './document/outputDocument.ts';
import type { BakedDocumentJob, ExportedMesh } from './document/types.ts';
import { writeHelperBones } from './document/writeHelperBones.ts';
import { writeVertexCache } from './document/writeVertexCache.ts';

export type { ExportedMesh } from './document/types.ts';

/** The output document of a bake and what the export did. */
export interface BakedDocument {
  document: Document;
  meshes: ExportedMesh[];
  warnings: BakeWarning[];
}

/**
 * The output document of a bake: a copy of the input (nodes, materials, textures, skeleton and clips
 * kept) with the baked motion written by the chosen export mode, the baked clip first, clean skin weights,
 * and the authoring data in the root extras. The input scene's document is not modified.
 *
 * Corrective mode keys frame f at f/fps (the input clip's timeline) with bind-space deltas that make the skin
 * land on the baked positions at that time (correctiveDeltas, evaluated against the output's own pose: the clip
 * clamps past its end, or, for a loop baked over more than one cycle, repeats its keys every cycle) and normal deltas that turn the input's normals with the motion (correctiveNormalDeltas).
 * They are stored as compact shapes (compactShapes: the fewest that replay within shapeError × the mesh's
 * diagonal at every frame and vertex, at most maxShapes and 256 minus the mesh's own targets) or one target
 * per frame; a mesh baked with contact whose compact shapes would replay a frame with more self-intersections than
 * the bake (compactReplayIntersections) is written per frame instead, with a warning. When the baked range leaves out part of the clip, one extra key a frame before and after fades
 * the correction out, so the rest of the clip plays the input. Cache mode writes the baked world positions as
 * an unskinned vertex cache (compact or per frame the same way).
 *
 * Skinned primitives whose stored weights gltf-validator rejects (not summing to 1, duplicate or out-of-range
 * joints) get the importer's normalized influences (normalizedSkinWeights), the ones the bake simulated with.
 *
 * @param scene    the imported input scene
 * @param result   bakeAnimation's result
 * @param project  authoring data to store in extras (null: none)
 * @param checkPool  where the replay checks of a mesh with contact may run at once (BakeOptions.checkPool)
 * The driver of app/bake/document/ (types.ts there describes the job every step reads and appends to).
 *
 * @returns the new document, how each mesh was written, and warnings
 * @throws NonFiniteValueError when a baked value is not finite (nothing non-finite is ever written)
 */
export async function bakedDocument(
  scene: ImportedScene,
  result: BakeResult,
  project: OverlapProject | null,
  checkPool?: IntersectionCheckPool,
  evaluator: AnimationEvaluator = createAnimationEvaluator(scene),
): Promise<BakedDocument> {
  const { settings } = result;
  const document = await outputDocument(scene, result);
  const clip = scene.clips[settings.clipIndex];
  // A loop baked past one cycle plays the skeleton's keys once per cycle (bakedAnimation's repeat).
  const lastTime = settings.lastFrame / settings.fps;
  const job: BakedDocumentJob = {
    scene,
    settings,
    evaluator,
    checkPool,
    document,
    sourceNodes: scene.document.getRoot().listNodes(),
    clip,
    // Imported clips are the document's animations, in order.
    animationIndex: settings.clipIndex,
    animationName: `${clip.name} (baked)`,
    frameCount: result.inputTimes.length,
    sourceRepeat: settings.loop && clip.duration > 0 && lastTime > clip.duration + 1e-6 ? { period: clip.duration, until: lastTime } : null,
    exported: [],
    warnings: [],
  };

  if (settings.mode === 'cache') {
    await writeVertexCache(job, result);
  } else {
    const keys = correctiveKeys(job);
    // Bones mode: helper joints on the skinned meshes; an unskinned one has no skin to add them to and gets shapes.
    const boned = settings.mode === 'bones' ? result.meshes.filter((baked) => scene.meshes[baked.meshIndex].skin) : [];
    if (boned.length > 0) await writeHelperBones(job, boned, keys);
    // Each mesh's plan in turn (its warnings in mesh order); the replay check of a mesh with contact is awaited.
    const meshes: CorrectiveMeshFrames[] = [];
    for (const baked of result.meshes.filter((b) => !boned.includes(b))) meshes.push(await correctivePlan(job, baked, keys));
    if (meshes.length > 0 || boned.length === 0) {
      await document.transform(
        correctiveMorphTargets({
          animationName: job.animationName,
          sourceAnimation: job.animationIndex,
          keys: keys.keys,
          meshes,
          interpolation: settings.interpolation,
          extendAnimation: boned.length > 0,
          sourceRepeat: job.sourceRepeat,
        }),
      );
    }
  }
  // An animation with no channel is invalid glTF (EMPTY_ENTITY): a baked clip of a source that animates only what
  // the export does not carry (KHR_animation_pointer channels, which glTF-Transform reads without their target).
  for (const animation of document.getRoot().listAnimations()) {
    if (animation.listChannels().length > 0) continue;
    for (const sampler of animation.listSamplers()) sampler.dispose();
    animation.dispose();
  }
  await document.transform(projectExtras({ project }));
  return { document, meshes: job.exported, warnings: job.warnings };
}
