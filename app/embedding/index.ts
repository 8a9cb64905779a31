/**
 * Volumetric embedding of character surfaces (seed 004 ch. 4 without TetGen): a duplicated-cell tetrahedral
 * lattice around the surface, per-frame fitting of lattice targets to the input animation, detail transfer
 * back to the surface, and the surface → lattice weight map. docs/embedding.md describes the method.
 *
 * Bake pipeline:
 *   const embedding = latticeEmbedding(weldedPositions, weldedTriangles, { resolution: 32 });
 *   const fitter = tetTargetFitter(embedding, { surfaceTriangles: weldedTriangles });   // factors once
 *   fitter.fit(surfaceFrame, targets, previousTargets);        // ū(t), warm-started, per frame
 *   tetVertexWeights(tetVertexWeightMap(embedding), paintedWeights, latticeWeights);
 *   ... simulate u(t) attached to ū(t) with latticeWeights ...
 *   detailTransfer(embedding, targets, simulated, surfaceFrame, outSurface, quaternions);   // q′(t)
 */
export { latticeEmbedding } from './latticeEmbedding.ts';
export { latticeCellEstimate } from './latticeCellEstimate.ts';
export type { LatticeEmbedding, LatticeEmbeddingOptions, LatticeEmbeddingStats } from './latticeEmbedding.ts';
export { tetTargetFitter } from './tetTargetFitter.ts';
export type { TetTargetFitter, TetTargetFitterOptions, TetTargetFitReport } from './tetTargetFitter.ts';
export { detailTransfer } from './detailTransfer.ts';
export { latticeSplineWeights } from './latticeSplineWeights.ts';
export type { LatticeSplineWeights } from './latticeSplineWeights.ts';
export { tetVertexWeightMap } from './tetVertexWeightMap.ts';
export type { TetVertexWeightMap } from './tetVertexWeightMap.ts';
export { tetVertexWeights } from './tetVertexWeights.ts';
export { embeddedSurfacePositions } from './embeddedSurfacePositions.ts';
export { latticeEdges } from './latticeEdges.ts';
export { closestRotation } from './closestRotation.ts';
export { warmStartedRotation } from './warmStartedRotation.ts';
export { rigidAlignment } from './rigidAlignment.ts';
export type { RigidAlignment } from './rigidAlignment.ts';
export { windingNumberTree } from './windingNumberTree.ts';
export type { WindingNumberTree } from './windingNumberTree.ts';
export { generalizedWindingNumber } from './generalizedWindingNumber.ts';
export { WARM_NEWTON_STOP } from './closestRotation.ts';
