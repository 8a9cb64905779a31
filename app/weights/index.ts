/**
 * Physics-blend weights (0 = follow the animation exactly, 1 = pure physics) per welded vertex: where
 * they come from (project, JSON file, uniform value, `_PHYSICS_WEIGHT` attribute, default), the
 * Laplacian interpolation of a few artist-set values, the default an animator would paint first
 * (animatorWeights, from jointRoles and rigidShells on the skinSkeleton), and a per-region summary.
 */
export { laplacianInterpolatedWeights, type WeightConstraint } from './laplacianInterpolatedWeights.ts';
export { animatorWeights, type AnimatorWeights, type AnimatorWeightsOptions } from './animatorWeights.ts';
export { jointRoles, type JointRole, type JointRoles, type JointRolesOptions, type ChainProfile } from './jointRoles.ts';
export { rigidShells } from './rigidShells.ts';
export { rigidPartDriver } from './rigidPartDriver.ts';
export { skinSkeleton, type SkinSkeleton } from './skinSkeleton.ts';
export { weightsSummary, type WeightsRegion, type SummaryShell } from './weightsSummary.ts';
export { parseWeightsFile, type WeightsFileEntry } from './parseWeightsFile.ts';
export {
  meshBlendWeights,
  WeightsError,
  PHYSICS_WEIGHT_ATTRIBUTE,
  GEAR_WEIGHT,
  type MeshWeights,
  type WeightSources,
  type WeightsSource,
} from './meshBlendWeights.ts';
export { weightLayerInfluence } from './weightLayerInfluence.ts';
export { layeredBlendWeights, type BlendedLayer } from './layeredBlendWeights.ts';
export { maxDistanceClampedPositions } from './maxDistanceClampedPositions.ts';
export { backstopClampedPositions } from './backstopClampedPositions.ts';
export { latticeMaxDistances } from './latticeMaxDistances.ts';
export { sceneShells, type SceneShell, type SceneShells, type ShellRole } from './sceneShells.ts';
