import { boxBvh } from '../../../geometry/index.ts';
import { pairLists } from '../pairLists.ts';
import type { OgcBroadPhase, OgcContactSettings, OgcContactTopology } from '../types.ts';

/**
 * The broad phase's buffers, nothing searched: the free/kinematic item lists (points #P, triangles #T, edges #E) with
 * zero counts, the six trees (all triangles, free triangles, free and kinematic points, free and kinematic edges)
 * and their item boxes (6 per item), the pair scratch (first capacity; it grows), and the candidate pair lists of a
 * search (8 per item) and of a partial search (64 in all).
 *
 * @param settings  P
 * @param topology  T, E
 */
export function ogcBroadPhase({ P }: OgcContactSettings, { T, E }: OgcContactTopology): OgcBroadPhase {
  return {
    freePoints: new Uint32Array(P),
    fixedPoints: new Uint32Array(P),
    freeTriangles: new Uint32Array(T),
    freeEdges: new Uint32Array(E),
    fixedEdges: new Uint32Array(E),
    freePointCount: 0,
    fixedPointCount: 0,
    freeTriangleCount: 0,
    freeEdgeCount: 0,
    fixedEdgeCount: 0,
    triangleBoxes: new Float64Array(6 * T),
    freeTriangleBoxes: new Float64Array(6 * T),
    freePointBoxes: new Float64Array(6 * P),
    fixedPointBoxes: new Float64Array(6 * P),
    freeEdgeBoxes: new Float64Array(6 * E),
    fixedEdgeBoxes: new Float64Array(6 * E),
    triangleBroadPhase: boxBvh(),
    freeTriangleBroadPhase: boxBvh(),
    freePointBroadPhase: boxBvh(),
    fixedPointBroadPhase: boxBvh(),
    freeEdgeBroadPhase: boxBvh(),
    fixedEdgeBroadPhase: boxBvh(),
    pairScratch: new Uint32Array(1024),
    distanceScratch: new Float64Array(512),
    exactScratch: new Float64Array(2048),
    pointsAtSearch: new Float64Array(3 * P),
    searched: false,
    pointPairs: pairLists(P, 8 * P, 4),
    edgePairs: pairLists(E, 8 * E, 2),
    hotPointPairs: pairLists(P, 64, 4),
    hotEdgePairs: pairLists(E, 64, 2),
    hotListed: false,
    fresh: true,
  };
}
