import type { MarkedNodes } from '../../geometry/index.ts';
import { scatterPairs, type PairLists } from './pairLists.ts';
import { edgeEdgePairs, pointTrianglePairs } from './proximityPairs.ts';
import type { OgcContactState } from './types.ts';

/**
 * The four walks of an OGC search over its built trees, filtered (proximityPairs) and scattered into CSR lists: free
 * points against every triangle and kinematic points against the free triangles into `pointLists`, free edges
 * against themselves and against the kinematic edges into `edgeLists` (a pair of two kinematic features is never
 * walked). The full search (candidatePairs: radius D, ALL_PAIRS) and the partial one (hotCandidatePairs: radius r_q,
 * HOT_PAIRS, node marks) walk the same trees in the same order, each walk with its local node pairs (localWalks[k]).
 *
 * @param state       the contact with its trees built (or refitted) for this search; its pair scratch is written
 * @param radius      keep pairs closer than this [m]
 * @param which       ALL_PAIRS or HOT_PAIRS
 * @param pointLists  the (point, triangle) lists to fill (offsets cleared here)
 * @param edgeLists   the (edge, edge) lists to fill (offsets cleared here)
 * @param marks       optional node marks of the six trees, in partialTrees' order (triangles, free triangles, free
 *                    points, fixed points, free edges, fixed edges): each walk skips node pairs with neither marked
 */
export function candidateLists(
  state: OgcContactState,
  radius: number,
  which: number,
  pointLists: PairLists,
  edgeLists: PairLists,
  marks?: readonly Uint8Array[],
): void {
  const { freePoints, fixedPoints, freeTriangles, freeEdges, fixedEdges, localWalks } = state;
  const { triangleBroadPhase, freeTriangleBroadPhase, freePointBroadPhase, fixedPointBroadPhase, freeEdgeBroadPhase, fixedEdgeBroadPhase } = state;
  const marked = (first: number, second: number): MarkedNodes | undefined => marks && { first: marks[first], second: marks[second] };
  pointLists.offsets.fill(0);
  let kept = pointTrianglePairs(
    state,
    freePointBroadPhase,
    triangleBroadPhase,
    freePoints,
    null,
    0,
    radius,
    pointLists.offsets,
    which,
    localWalks?.[0],
    marked(2, 0),
  );
  kept = pointTrianglePairs(
    state,
    fixedPointBroadPhase,
    freeTriangleBroadPhase,
    fixedPoints,
    freeTriangles,
    kept,
    radius,
    pointLists.offsets,
    which,
    localWalks?.[1],
    marked(3, 1),
  );
  scatterPairs(pointLists, kept, state.pairScratch, state.distanceScratch, state.exactScratch);
  edgeLists.offsets.fill(0);
  kept = edgeEdgePairs(state, freeEdgeBroadPhase, freeEdges, freeEdgeBroadPhase, freeEdges, 0, radius, edgeLists.offsets, which, localWalks?.[2], marked(4, 4));
  kept = edgeEdgePairs(
    state,
    freeEdgeBroadPhase,
    freeEdges,
    fixedEdgeBroadPhase,
    fixedEdges,
    kept,
    radius,
    edgeLists.offsets,
    which,
    localWalks?.[3],
    marked(4, 5),
  );
  scatterPairs(edgeLists, kept, state.pairScratch, state.distanceScratch, state.exactScratch);
}
