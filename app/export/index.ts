/**
 * glTF export of baked motion, as glTF-Transform transforms: corrective morph targets on the skinned
 * mesh (compact shapes by default, or one per frame), helper bones fitted to the motion, or an absolute
 * vertex cache on an unskinned mesh, the baked clip first, clean skin weights, and the authoring data in the
 * file's extras.
 */
export { correctiveDeltas } from './correctiveDeltas.ts';
export { blendedSkinMatrix } from './blendedSkinMatrix.ts';
export { correctiveNormalDeltas } from './correctiveNormalDeltas.ts';
export { compactShapes, type CompactShapes, type CompactShapesInput } from './compactShapes.ts';
export {
  correctiveMorphTargets,
  CORRECTIVE_MORPH_TARGETS_DEFAULTS,
  type CorrectiveMorphTargetsOptions,
  type CorrectiveMeshFrames,
} from './correctiveMorphTargets.ts';
export { vertexCache, VERTEX_CACHE_DEFAULTS, type VertexCacheOptions, type CacheMeshFrames, type CacheTargetsToFit } from './vertexCache.ts';
export { shapeChunks, type ShapeChunk } from './shapeChunks.ts';
export type { MorphTargetPart } from './morphTargetParts.ts';
export {
  normalizedSkinWeights,
  NORMALIZED_SKIN_WEIGHTS_DEFAULTS,
  type NormalizedSkinWeightsOptions,
  type SkinnedMeshInfluences,
} from './normalizedSkinWeights.ts';
export { writeSkinAttributes } from './writeSkinAttributes.ts';
export { projectExtras, PROJECT_EXTRAS_KEY, PROJECT_EXTRAS_DEFAULTS, type ProjectExtrasOptions } from './projectExtras.ts';
export { readProjectExtras } from './readProjectExtras.ts';
export { isTrianglePrimitive, MAX_MORPH_TARGETS } from './appendMorphTargets.ts';
export type { BakedKeys, BakedRepeat } from './bakedAnimation.ts';
export { NonFiniteValueError } from './requireFinite.ts';
export { requireFinite } from './requireFinite.ts';
export { helperBoneFit, type HelperBoneFit, type HelperBoneFitInput } from './helperBoneFit.ts';
export { helperBoneReplayError, type HelperBoneSkin, type HelperBoneFrames } from './helperBoneReplay.ts';
export { helperBones, HELPER_BONES_DEFAULTS, type HelperBonesOptions, type HelperBoneMesh } from './helperBones.ts';
