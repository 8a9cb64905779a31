import type { OgcBroadPhase, OgcContactSettings, OgcContactTopology, OgcRedetection } from '../types.ts';

/**
 * The re-detection bookkeeping (hotFeatures, hotCandidatePairs, commonMotion), nothing hot: region relabelling, the
 * hot and changed flags of points (#P), triangles (#T) and edges (#E), the six trees' partial boxes sharing the broad
 * phase's trees and item lists, the common motion F(x) = B(x − μ₀) + μ₁ and its fit's 3×3 scratch (views of one
 * array), and the residual motion per point, triangle and edge.
 *
 * @param settings  P
 * @param topology  T, E
 * @param broad     the broad phase (its trees and free/kinematic lists, which the partial trees refer to)
 */
export function ogcRedetection({ P }: OgcContactSettings, { T, E }: OgcContactTopology, broad: OgcBroadPhase): OgcRedetection {
  const isHotPoint = new Uint8Array(P);
  const isHotTriangle = new Uint8Array(T);
  const isHotEdge = new Uint8Array(E);
  const changedPoint = new Uint8Array(P);
  const changedTriangle = new Uint8Array(T);
  const changedEdge = new Uint8Array(E);
  const fitScratch = new Float64Array(46);
  return {
    searchRegions: null,
    relabelled: new Uint8Array(P),
    regionMap: new Map<number, number>(),
    isHotPoint,
    isHotTriangle,
    isHotEdge,
    mappedPoints: new Float64Array(3 * P),
    // The search's six trees with their item lists, partial boxes, and changed and hot flags.
    partialTrees: [
      { tree: broad.triangleBroadPhase, list: null, boxes: new Float64Array(6 * T), changed: changedTriangle, hot: isHotTriangle },
      { tree: broad.freeTriangleBroadPhase, list: broad.freeTriangles, boxes: new Float64Array(6 * T), changed: changedTriangle, hot: isHotTriangle },
      { tree: broad.freePointBroadPhase, list: broad.freePoints, boxes: new Float64Array(6 * P), changed: changedPoint, hot: isHotPoint },
      { tree: broad.fixedPointBroadPhase, list: broad.fixedPoints, boxes: new Float64Array(6 * P), changed: changedPoint, hot: isHotPoint },
      { tree: broad.freeEdgeBroadPhase, list: broad.freeEdges, boxes: new Float64Array(6 * E), changed: changedEdge, hot: isHotEdge },
      { tree: broad.fixedEdgeBroadPhase, list: broad.fixedEdges, boxes: new Float64Array(6 * E), changed: changedEdge, hot: isHotEdge },
    ],
    marks: Array.from({ length: 6 }, () => new Uint8Array(0)),
    changedMarks: Array.from({ length: 6 }, () => new Uint8Array(0)),
    wasHotPoint: new Uint8Array(P),
    wasHotTriangle: new Uint8Array(T),
    wasHotEdge: new Uint8Array(E),
    changedPoint,
    changedTriangle,
    changedEdge,
    partialBoxesCopied: false,
    motion: new Float64Array(9),
    motionInverse: new Float64Array(9),
    motionFrom: new Float64Array(3),
    motionTo: new Float64Array(3),
    fitN: fitScratch.subarray(0, 9),
    fitRotation: fitScratch.subarray(9, 18),
    fitQuaternion: fitScratch.subarray(18, 22),
    fitInverseC: fitScratch.subarray(22, 31),
    fitRegularized: fitScratch.subarray(31, 40),
    fitCentroids: fitScratch.subarray(40, 46),
    pointMoved: new Float64Array(P),
    triangleMoved: new Float64Array(T),
    edgeMoved: new Float64Array(E),
  };
}
