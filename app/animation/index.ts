export { linearBlendSkinning } from './linearBlendSkinning.ts';
export { channelValue } from './channelValue.ts';
export { nodeWorldMatrices } from './nodeWorldMatrices.ts';
export { createAnimationEvaluator } from './animationEvaluator.ts';
export type { AnimationEvaluator, AnimationEvaluatorOptions, EvaluationCounts, MeshParts } from './animationEvaluator.ts';
export { restBounds, type MeshRestBounds, type RestBounds } from './restBounds.ts';
export { evaluateVertexCache, vertexCacheFrameCount } from './vertexCache.ts';
export type { VertexCacheOptions } from './vertexCache.ts';
