/**
 * The bake: keyframed glTF in, glTF with secondary motion out. `bake()` runs the whole pipeline
 * (import, weights, embedding, fitting, VBD blended to the animation, detail transfer, export);
 * its parts are exported for the app's worker and the tests. Node file IO lives in app/bake/node.
 */
export { bake, type BakeInputBytes, type BakeOutput } from './bake.ts';
export { bakedDocument, type BakedDocument, type ExportedMesh } from './bakedDocument.ts';
export {
  bakeFingerprint,
  BakeCheckpointError,
  resumableCheckpoint,
  type BakeCheckpoint,
  type BakeCheckpointMesh,
  type BakeCheckpointing,
  type CheckpointExpectation,
} from './bakeCheckpoint.ts';
export {
  bakeAnimation,
  LARGE_MOTION_FRACTION,
  PAST_END_SECONDS,
  type BakeBackend,
  type BakeResult,
  type BakedMesh,
  type BakedMeshStats,
} from './bakeAnimation.ts';
export {
  createSimulationSession,
  type SessionInputs,
  type SimulationSession,
  type SessionMesh,
  type SessionSnapshot,
  type SessionMeshSnapshot,
  type SessionCounters,
} from './simulationSession.ts';
export { meshWeights, pinnedWeights, type MeshWeights } from './meshWeights.ts';
export { bakedMeshQuality, type BakedMeshQuality } from './bakedMeshQuality.ts';
export { attachmentStiffnesses } from './attachmentStiffnesses.ts';
export { latticeCore, type LatticeCore } from './latticeCore.ts';
export { bakedBytes } from './bakedBytes.ts';
export { bakeReport, type BakeReport, type BakeReportMesh } from './bakeReport.ts';
export {
  resolveBakeSettings,
  BakeError,
  clipFrameRate,
  BAKE_STAGES,
  MESH_DEFAULTS,
  MIN_FPS,
  MAX_FPS,
  MIN_METERS_PER_UNIT,
  MAX_METERS_PER_UNIT,
  EXPORT_DEFAULTS,
  checkBakeOptions,
  type BakeOptions,
  type BakeMeshOptions,
  type BakeProgress,
  type BakeStage,
  type ResolvedBakeSettings,
  type ResolvedMesh,
} from './bakeSettings.ts';
export { MATERIAL_PRESETS, MATERIAL_PRESET_NAMES, MATERIAL_LIMITS, presetMaterial } from './materialPresets.ts';
export { bakeWarning, type BakeWarning, type BakeWarningCode } from './bakeWarning.ts';
export { CORRECTION_TOLERANCE } from './meshSimulation.ts';
export { bakeCost, type BakeCost } from './bakeCost.ts';
