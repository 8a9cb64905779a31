import type { Document } from '@gltf-transform/core';
import { cloneDocument } from '@gltf-transform/functions';
import { createAnimationEvaluator, type AnimationEvaluator } from '../animation/index.ts';
import type { ExportMode, OverlapProject, ShapeStorage } from '../document/index.ts';
import {
  correctiveDeltas,
  correctiveMorphTargets,
  correctiveNormalDeltas,
  helperBoneFit,
  helperBoneReplayError,
  helperBones,
  normalizedSkinWeights,
  projectExtras,
  requireFinite,
  shapeChunks,
  vertexCache,
  MAX_MORPH_TARGETS,
  type BakedKeys,
  type CorrectiveMeshFrames,
  type HelperBoneFrames,
  type HelperBoneMesh,
  type MorphTargetPart,
  type ShapeChunk,
  type SkinnedMeshInfluences,
} from '../export/index.ts';
import { smoothingGroups, vertexNormals } from '../geometry/index.ts';
import type { ImportedMesh, ImportedScene } from '../io/index.ts';
import type { IntersectionCheckPool } from '../intersection/index.ts';
import { mat3LargestSingularValue } from '../math/mat3/index.ts';
import type { BakedMesh, BakeResult } from './bakeAnimation.ts';
import { bakeWarning, type BakeWarning } from './bakeWarning.ts';
import { compactReplayIntersections } from './compactReplayIntersections.ts';

/** How one baked mesh was written, for the report. */
export interface ExportedMesh {
  name: string;
  /** the mode it was written in (bones falls back to corrective for an unskinned mesh) */
  mode: ExportMode;
  /** corrective and cache: compact shapes or one target per frame; null for bones */
  shapes: ShapeStorage | null;
  /** morph targets added to each primitive (the largest over chunks) */
  targets: number;
  /** meshes the targets were split into (1 unless the bound needed more shapes than the cap) */
  chunks: number;
  /** helper joints added (bones mode) */
  helperBones: number;
  /** largest replay error over frames and vertices, against the baked positions [file units] (0: exact) */
  maxError: number;
  /** root-mean-square replay error over moving vertices and frames [file units] */
  rmsError: number;
  /** the error bound asked for [file units] (0 for per-frame targets, which are exact) */
  bound: number;
  /** bounding-box diagonal of the mesh at rest [file units], what the bound is relative to */
  diagonal: number;
}

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
 * @returns the new document, how each mesh was written, and warnings
 * @throws NonFiniteValueError when a baked value is not finite (nothing non-finite is ever written)
 */
export async function bakedDocument(scene: ImportedScene, result: BakeResult, project: OverlapProject | null, checkPool?: IntersectionCheckPool, evaluator: AnimationEvaluator = createAnimationEvaluator(scene)): Promise<BakedDocument> {
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
  for (const baked of result.meshes) requireFinite(baked.positions, `the baked positions of mesh "${baked.name}"`);
  await document.transform(normalizedSkinWeights({ meshes: skinInfluences(scene) }));

  const clip = scene.clips[settings.clipIndex];
  // Imported clips are the document's animations, in order.
  const animationIndex = settings.clipIndex;
  const animationName = `${clip.name} (baked)`;
  const frameCount = result.inputTimes.length;
  const outputTime = (frame: number) => frame / settings.fps;
  const exported: ExportedMesh[] = [];
  const warnings: BakeWarning[] = [];
  const nodeOf = (baked: BakedMesh) => sourceNodes.indexOf(scene.meshes[baked.meshIndex].node);
  const report = (baked: BakedMesh, mode: ExportMode, chunks: ShapeChunk[] | null, targets: number): void => {
    const diagonal = baked.stats.diagonal;
    const fits = chunks?.map((c) => c.fit) ?? [];
    const moving = fits.reduce((n, fit) => n + fit.movingVertexCount, 0);
    exported.push({
      name: baked.name,
      mode,
      shapes: mode === 'bones' ? null : chunks ? 'compact' : 'per-frame',
      targets: chunks ? Math.max(0, ...fits.map((fit) => fit.shapeCount)) : targets,
      chunks: chunks?.length ?? 1,
      helperBones: 0,
      maxError: Math.max(0, ...fits.map((fit) => fit.maxError)),
      rmsError: moving > 0 ? Math.sqrt(fits.reduce((sum, fit) => sum + fit.rmsError ** 2 * fit.movingVertexCount, 0) / moving) : 0,
      bound: chunks ? settings.shapeError * diagonal : 0,
      diagonal,
    });
    if (chunks && fits.some((fit) => !fit.fits)) {
      warnings.push(bakeWarning('export-fit', `mesh "${baked.name}": at most ${settings.maxShapes} shapes per part cannot replay a single triangle within ${settings.shapeError} of its diagonal (a cap of 10 always can); the replay error is ${(Math.max(...fits.map((fit) => fit.maxError)) / diagonal).toPrecision(3)} of it`, baked.name));
    } else if (chunks && chunks.length > 1) {
      warnings.push(
        bakeWarning(
          'export-fit',
          `mesh "${baked.name}": ${settings.maxShapes} compact shapes cannot replay its motion within ${settings.shapeError} of its diagonal; ` +
            `it is split into ${chunks.length} parts (meshes sharing its skin and vertices) with at most ${Math.max(...fits.map((fit) => fit.shapeCount))} shapes each`,
          baked.name,
        ),
      );
    }
  };
  const parts = (chunks: ShapeChunk[]): MorphTargetPart[] =>
    chunks.map((chunk) => ({ triangles: chunk.triangles, targets: chunk.fit.shapes, normalTargets: chunk.fit.normalShapes, frameWeights: chunk.fit.frameWeights }));
  // A loop baked past one cycle plays the skeleton's keys once per cycle (bakedAnimation's repeat).
  const lastTime = outputTime(settings.lastFrame);
  const sourceRepeat = settings.loop && clip.duration > 0 && lastTime > clip.duration + 1e-6 ? { period: clip.duration, until: lastTime } : null;

  if (settings.mode === 'cache') {
    const keys: BakedKeys = {
      times: Float32Array.from({ length: frameCount }, (_, f) => outputTime(settings.firstFrame + f)),
      frame: Int32Array.from({ length: frameCount }, (_, f) => f),
    };
    const meshes = result.meshes.map((m) => ({ node: nodeOf(m), positions: m.positions }));
    const byNode = new Map(result.meshes.map((m) => [nodeOf(m), m]));
    const fitTargets =
      settings.shapes === 'compact'
        ? ({ node, deltas, normalDeltas, frameCount: count }: { node: number; deltas: Float32Array; normalDeltas: Float32Array | null; frameCount: number }): MorphTargetPart[] => {
            const baked = byNode.get(node)!;
            const chunks = fitCompact(baked, deltas, normalDeltas, count, null, settings.maxShapes);
            if (chunks.length === 1 && chunks[0].fit.shapeCount >= count && count <= settings.maxShapes) {
              report(baked, 'cache', null, count);
              return [{ triangles: null, targets: deltas, normalTargets: normalDeltas, frameWeights: null }];
            }
            report(baked, 'cache', chunks, 0);
            return parts(chunks);
          }
        : null;
    await document.transform(vertexCache({ animationName, sourceAnimation: animationIndex, keys, meshes, interpolation: settings.interpolation, fitTargets, sourceRepeat }));
    if (!fitTargets) for (const baked of result.meshes) report(baked, 'cache', null, frameCount);
  } else {
    const times: number[] = [];
    const shown: number[] = [];
    if (settings.firstFrame > 0) {
      times.push(outputTime(settings.firstFrame - 1));
      shown.push(-1);
    }
    for (let f = 0; f < frameCount; f++) {
      times.push(outputTime(settings.firstFrame + f));
      shown.push(f);
    }
    if (outputTime(settings.lastFrame + 1) <= clip.duration + 1e-6) {
      times.push(outputTime(settings.lastFrame + 1));
      shown.push(-1);
    }
    const keys: BakedKeys = { times: Float32Array.from(times), frame: Int32Array.from(shown) };
    // The pose the output plays at a key: the clip at that time, clamped to its end as glTF players do, or with the
    // keys repeated per cycle, the time within the cycle (a cycle's end keeps the previous cycle's last key).
    const poseTime = (t: number) => {
      if (sourceRepeat && t > clip.duration) return t - clip.duration * Math.ceil(t / clip.duration - 1 - 1e-9);
      return Math.min(Math.max(t, 0), clip.duration);
    };
    const frameTimes = Array.from({ length: frameCount }, (_, f) => poseTime(outputTime(settings.firstFrame + f)));
    const existingWeightsOf = (baked: BakedMesh): Float32Array | null => {
      const existing = scene.meshes[baked.meshIndex].morphTargetCount;
      if (existing === 0) return null;
      const values = new Float32Array(times.length * existing);
      times.forEach((t, k) => values.set(evaluator.evaluateMorphWeights(baked.meshIndex, settings.clipIndex, poseTime(t)), k * existing));
      return values;
    };
    // Bones mode: helper joints on the skinned meshes; an unskinned one has no skin to add them to and gets shapes.
    const boned = settings.mode === 'bones' ? result.meshes.filter((baked) => scene.meshes[baked.meshIndex].skin) : [];
    if (boned.length > 0) {
      const fits = boned.map((baked) => {
        const mesh = scene.meshes[baked.meshIndex];
        const frames = skinFrames(mesh, evaluator, settings.clipIndex, frameTimes, baked.positions);
        const skin = mesh.skin!;
        const fit = helperBoneFit({ ...frames, joints: skin.joints, weights: skin.weights, influencesPerVertex: skin.influencesPerVertex, helperCount: settings.helperBones });
        return { baked, mesh, frames, fit };
      });
      const meshes: HelperBoneMesh[] = fits.map(({ baked, mesh, fit }) => ({
        node: nodeOf(baked),
        skin: fit,
        primitives: mesh.primitives.map((range) => ({ primitive: mesh.mesh.listPrimitives().indexOf(range.primitive), firstVertex: range.firstVertex, vertexCount: range.vertexCount })),
        existingWeights: existingWeightsOf(baked),
      }));
      const onWritten = (index: number, transforms: Float64Array) => {
        const { baked, frames, fit } = fits[index];
        // The error players show: the transforms as the file stores them (local TRS, float32).
        const replay = helperBoneReplayError(frames, { ...fit, transforms }, null);
        const diagonal = baked.stats.diagonal;
        exported.push({ name: baked.name, mode: 'bones', shapes: null, targets: 0, chunks: 1, helperBones: fit.parents.length, maxError: replay.maxError, rmsError: fit.rmsError, bound: 0, diagonal });
        if (fit.saturatedVertices > 0) warnings.push(bakeWarning('export-fit', `mesh "${baked.name}": ${fit.saturatedVertices} moving vertices already use 4 skin influences, so no helper bone could be added to them`, baked.name));
        warnings.push(
          bakeWarning(
            'export-fit',
            `mesh "${baked.name}": ${fit.parents.length} helper bones replay the bake within ${(replay.maxError / diagonal).toPrecision(2)} of its diagonal (RMS ${(fit.rmsError / diagonal).toPrecision(2)}; the skin alone was off by ${(fit.inputMaxError / diagonal).toPrecision(2)}); ` +
              'more --helper-bones, or corrective shapes, follow the simulation more closely',
            baked.name,
          ),
        );
      };
      await document.transform(helperBones({ animationName, sourceAnimation: animationIndex, keys, meshes, interpolation: settings.interpolation, onWritten, sourceRepeat }));
    }
    // Each mesh's plan in turn (its warnings in mesh order); the replay check of a mesh with contact is awaited.
    const correctivePlan = async (baked: BakedMesh): Promise<CorrectiveMeshFrames> => {
      const mesh = scene.meshes[baked.meshIndex];
      if (settings.mode === 'bones') warnings.push(bakeWarning('export-fit', `mesh "${mesh.name}" is not skinned, so it has no skin for helper bones: it is written as corrective shapes`, mesh.name));
      const frames = correctiveFrames(mesh, evaluator, settings.clipIndex, frameTimes, baked.positions);
      const existing = mesh.morphTargetCount;
      const existingWeights = existingWeightsOf(baked);
      const node = nodeOf(baked);
      const perFrame = () => {
        report(baked, 'corrective', null, frameCount);
        return { node, parts: [{ triangles: null, targets: frames.deltas, normalTargets: frames.normalDeltas, frameWeights: null }], existingWeights };
      };
      if (settings.shapes === 'per-frame') return perFrame();
      const chunks = fitCompact(baked, frames.deltas, frames.normalDeltas, frameCount, frames.errorScale, Math.min(settings.maxShapes, MAX_MORPH_TARGETS - existing));
      // A short clip: when the shapes would be as many as the frames, one exact target per frame is better.
      if (chunks.length === 1 && chunks[0].fit.shapeCount >= frameCount && frameCount <= Math.min(settings.maxShapes, MAX_MORPH_TARGETS - existing)) return perFrame();
      // With contact, the shapes' replay error (≤ shapeError) can push a touching pair through: where the replay
      // holds more self-intersections than the bake at some frame, the mesh is written exactly, one target a frame.
      if (baked.stats.contact) {
        const added = await compactReplayIntersections(mesh, evaluator, settings.clipIndex, frameTimes, baked.positions, frames.deltas, chunks, baked.checkedOutputs, checkPool);
        if (added.length > 0) {
          const worst = added.reduce((a, b) => (b.replayed - b.baked > a.replayed - a.baked ? b : a));
          warnings.push(
            bakeWarning(
              'export-fit',
              `mesh "${mesh.name}": its compact shapes would add self-intersections the bake avoided at ${added.length} frame${added.length === 1 ? '' : 's'} ` +
                `(frame ${settings.firstFrame + worst.frame}: ${worst.replayed} against ${worst.baked}), so it is written with one exact target per frame`,
              mesh.name,
            ),
          );
          return perFrame();
        }
      }
      report(baked, 'corrective', chunks, 0);
      return { node, parts: parts(chunks), existingWeights };
    };
    const meshes: CorrectiveMeshFrames[] = [];
    for (const baked of result.meshes.filter((b) => !boned.includes(b))) meshes.push(await correctivePlan(baked));
    if (meshes.length > 0 || boned.length === 0) {
      await document.transform(correctiveMorphTargets({ animationName, sourceAnimation: animationIndex, keys, meshes, interpolation: settings.interpolation, extendAnimation: boned.length > 0, sourceRepeat }));
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
  return { document, meshes: exported, warnings };

  /** Compact shapes of one mesh's per-frame deltas within shapeError × its diagonal, split into chunks when the cap needs it. */
  function fitCompact(baked: BakedMesh, deltas: Float32Array, normalDeltas: Float32Array | null, count: number, errorScale: Float32Array | null, cap: number): ShapeChunk[] {
    const mesh = scene.meshes[baked.meshIndex];
    const input = { deltas, normalDeltas, frameCount: count, errorScale, importance: null, tolerance: settings.shapeError * baked.stats.diagonal, maxShapes: cap, vertices: null };
    return shapeChunks(input, mesh.triangles, mesh.restPositions);
  }
}

/**
 * What helperBoneFit needs of a skinned mesh's baked frames: the skin matrices and the morphed bind positions of
 * the clip at each frame's time, and the baked positions.
 */
function skinFrames(mesh: ImportedMesh, evaluator: AnimationEvaluator, clipIndex: number, frameTimes: readonly number[], positions: Float32Array): HelperBoneFrames {
  const R = mesh.renderVertexCount;
  const J = mesh.skin!.jointNodeIndices.length;
  const F = frameTimes.length;
  const meshIndex = evaluator.scene.meshes.indexOf(mesh);
  const skinMatrices = new Float64Array(F * J * 16);
  const bindPositions = new Float32Array(F * R * 3);
  for (let f = 0; f < F; f++) {
    const parts = evaluator.evaluateMeshParts(meshIndex, clipIndex, frameTimes[f]);
    skinMatrices.set(parts.skinMatrices!, f * J * 16);
    bindPositions.set(parts.morphedBindPositions, f * R * 3);
  }
  return { frameCount: F, vertexCount: R, jointCount: J, skinMatrices, bindPositions, targets: positions };
}

/** The bind-space deltas of one mesh at every baked frame, and what the export needs to bound their error. */
interface CorrectiveFrames {
  /** #F×#R×3 bind-space position deltas */
  deltas: Float32Array;
  /** #F×#R×3 bind-space normal deltas, or null when the mesh has no normals */
  normalDeltas: Float32Array | null;
  /** #R per vertex: the largest stretch its skin matrix applies over the frames (a bind-space error grows by at most this in world space) */
  errorScale: Float32Array;
}

/**
 * Per-frame corrective deltas of a baked mesh (correctiveDeltas, correctiveNormalDeltas): for frame f, the
 * pose of the clip at frameTimes[f]; ΔN from the recomputed normals of the baked and the input surface with
 * the input's smoothing groups.
 */
function correctiveFrames(mesh: ImportedMesh, evaluator: AnimationEvaluator, clipIndex: number, frameTimes: readonly number[], positions: Float32Array): CorrectiveFrames {
  const R = mesh.renderVertexCount;
  const stride = 3 * R;
  const F = frameTimes.length;
  const meshIndex = evaluator.scene.meshes.indexOf(mesh);
  const deltas = new Float32Array(F * stride);
  const normalDeltas = mesh.restNormals ? new Float32Array(F * stride) : null;
  const input = new Float32Array(stride);
  const inputNormals = new Float32Array(stride);
  const bakedNormals = new Float32Array(stride);
  const normalChange = new Float32Array(stride);
  const sums = new Float64Array(stride);
  const groups = smoothingGroups(mesh.restPositions, mesh.restNormals ?? null, R);
  const skin = mesh.skin;
  const jointStretch = new Float64Array(skin ? skin.jointNodeIndices.length : 1);
  for (let f = 0; f < F; f++) {
    const parts = evaluator.evaluateMeshParts(meshIndex, clipIndex, frameTimes[f]);
    evaluator.evaluateMesh(meshIndex, clipIndex, frameTimes[f], input);
    const target = positions.subarray(f * stride, (f + 1) * stride);
    const matrices = parts.skinMatrices ?? parts.worldMatrix;
    correctiveDeltas(parts.morphedBindPositions, skin ? skin.joints : null, skin ? skin.weights : null, skin ? skin.influencesPerVertex : 0, matrices, target, input, deltas.subarray(f * stride, (f + 1) * stride));
    for (let j = 0; j < jointStretch.length; j++) jointStretch[j] = Math.max(jointStretch[j], mat3LargestSingularValue(matrices, 16 * j));
    if (!normalDeltas) continue;
    vertexNormals(input, mesh.triangles, R, inputNormals, groups, sums);
    vertexNormals(target, mesh.triangles, R, bakedNormals, groups, sums);
    for (let i = 0; i < stride; i++) normalChange[i] = bakedNormals[i] - inputNormals[i];
    correctiveNormalDeltas(skin ? skin.joints : null, skin ? skin.weights : null, skin ? skin.influencesPerVertex : 0, matrices, normalChange, normalDeltas.subarray(f * stride, (f + 1) * stride));
  }
  // A vertex's bind-space error e shows in world space as L·e, |L·e| ≤ σ_max(L)·|e|, and σ_max of a convex
  // blend of skin matrices is at most the largest σ_max of its joints (the norm is convex).
  const errorScale = new Float32Array(R);
  for (let r = 0; r < R; r++) {
    if (!skin) {
      errorScale[r] = jointStretch[0];
      continue;
    }
    let stretch = 0;
    for (let k = 0; k < skin.influencesPerVertex; k++) {
      if (skin.weights[r * skin.influencesPerVertex + k] > 0) stretch = Math.max(stretch, jointStretch[skin.joints[r * skin.influencesPerVertex + k]]);
    }
    errorScale[r] = stretch;
  }
  return { deltas, normalDeltas, errorScale };
}

/** The importer's normalized influences of every skinned mesh, for normalizedSkinWeights. */
function skinInfluences(scene: ImportedScene): SkinnedMeshInfluences[] {
  const nodes = scene.document.getRoot().listNodes();
  return scene.meshes
    .filter((mesh) => mesh.skin)
    .map((mesh) => ({
      node: nodes.indexOf(mesh.node),
      joints: mesh.skin!.joints,
      weights: mesh.skin!.weights,
      influencesPerVertex: mesh.skin!.influencesPerVertex,
      jointCount: mesh.skin!.jointNodeIndices.length,
      primitives: mesh.primitives.map((range) => ({ primitive: mesh.mesh.listPrimitives().indexOf(range.primitive), firstVertex: range.firstVertex, vertexCount: range.vertexCount })),
    }));
}
