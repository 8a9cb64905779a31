/**
 * As-rigid-as-possible shape editing with handles and contact (seed 004 ch. 3; Sorkine & Alexa 2007), in full
 * space (the reference) and in Li's hierarchical reduced subspace. docs/arap.md describes the method and use.
 *
 *   const model = createArapModel({ restPositions, triangles });            // or tetrahedra (volumetric)
 *   const { positions, stats } = arapEdit(model, handles, { colliders: [planeCollider([0, 1, 0], 0)] });
 *
 * Interactive use (a gizmo drag): createFullArapSolver or reducedArapBasis + createReducedArapSolver once per
 * handle set, setHandleTargets on every drag event, one iterate() per displayed frame.
 */
export type {
  ArapCollider,
  ArapContactList,
  ArapContactPoints,
  ArapHandle,
  ArapModel,
  ArapModelDescription,
  ArapRotationKind,
} from './types.ts';
export { createArapModel } from './createArapModel.ts';
export { createArapState, type ArapState } from './createArapState.ts';
export { arapEdit, type ArapEditOptions, type ArapEditStats } from './arapEdit.ts';
export {
  createFullArapSolver,
  type FullArapSolver,
  type ArapSolverOptions,
  type FullArapSolverOptions,
  type ArapIterationReport,
} from './fullArapSolver.ts';
export { reducedArapBasis, type ReducedArapBasis, type ReducedArapBasisOptions, type LocalGroup } from './reducedArapBasis.ts';
export { createReducedArapSolver, type ReducedArapSolver, type ReducedArapOptions, type ReducedArapIterationReport } from './reducedArapSolver.ts';
export { handleTargets, type HandleTargets } from './handleTargets.ts';
export { planeCollider } from './planeCollider.ts';
export { createContactList, pushContact, copyContact, setContact } from './contactList.ts';
export { vertexContactPoints } from './vertexContactPoints.ts';
export { embeddedContactPoints } from './embeddedContactPoints.ts';
export { contactPointPositions } from './contactPointPositions.ts';
export { arapEnergy } from './arapEnergy.ts';
export { fitRotationGroups, rotationFitScratch } from './fitRotationGroups.ts';
export { arapRightHandSide } from './arapRightHandSide.ts';
export { cotangentEdgeWeights } from './cotangentEdgeWeights.ts';
export { incrementalKktSolver, type IncrementalKktSolver, type KktSpace, type KktRows } from './incrementalKktSolver.ts';
export { wangSmoothnessMatrix } from './wangSmoothnessMatrix.ts';
export { wangBasisColumns } from './wangBasisColumns.ts';
export { manipulatorHierarchy, type ManipulatorHierarchy } from './manipulatorHierarchy.ts';
export { arapHandlesFromJson, type ArapHandlesFile } from './arapHandlesFromJson.ts';
export { surfaceSelfContact, type SurfaceSelfContactOptions } from './surfaceSelfContact.ts';
export { meshCollider, type MeshColliderOptions } from './meshCollider.ts';
export { intersectionFreeEnd, type IntersectionFreeEndStats } from './intersectionFreeEnd.ts';
export { pieceAttachments, type PieceAttachments } from './pieceAttachments.ts';
