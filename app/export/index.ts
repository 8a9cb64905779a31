/**
 * glTF export of baked motion, as glTF-Transform transforms: corrective morph targets on the skinned
 * mesh (default) or an absolute vertex cache on an unskinned mesh, the baked clip first, and the
 * authoring data in the file's extras.
 */
export { correctiveDeltas } from './correctiveDeltas.ts';
export { correctiveMorphTargets, CORRECTIVE_MORPH_TARGETS_DEFAULTS, type CorrectiveMorphTargetsOptions, type CorrectiveMeshFrames } from './correctiveMorphTargets.ts';
export { vertexCache, VERTEX_CACHE_DEFAULTS, type VertexCacheOptions, type CacheMeshFrames } from './vertexCache.ts';
export { projectExtras, PROJECT_EXTRAS_KEY, PROJECT_EXTRAS_DEFAULTS, type ProjectExtrasOptions } from './projectExtras.ts';
export { readProjectExtras } from './readProjectExtras.ts';
export { isTrianglePrimitive } from './appendMorphTargets.ts';
export type { BakedKeys, BakedRepeat } from './bakedAnimation.ts';
