import type { OgcContactState } from './types.ts';
import { candidateLists } from './candidateLists.ts';
import { ALL_PAIRS } from './proximityPairs.ts';
import { indexedPointsBox } from '../../geometry/index.ts';

/**
 * The broad phase of OGC's detection (seed 000 Algorithms 2–3, DCD; seed 001 §3.1's lists within D = r_q + 2m):
 * every point with the triangles within D of it (not its own, not obstacle–obstacle, not surface–surface without
 * self-contact) and every surface edge with the edges within D of it (each surface pair once, sharing no point), as
 * CSR lists by point and by edge (state.pointPairs, state.edgePairs) with their exact distances, from refitted BVHs
 * (boxBvh) walked pairwise: free points against every triangle, kinematic points against the free triangles, free
 * edges against themselves and against the kinematic edges (a pair of two kinematic features is never searched).
 *
 * Walking two trees together (points against triangles grown by D, edges grown by D/2 against themselves) finds the
 * same pairs as a query per point and per edge in about 0.6× the time (bench/contact.bench.ts, "broadPhase").
 * Measured on the bench's 5k cloth (12 frames, a CPU profile on a loaded 2-core machine): the search went from 2.97 s
 * to 2.53 s of 6–7 s of step(); the rest of it is the three builds (0.45 s, one rebuild in 16) and the exact
 * distances of the pairs.
 *
 * @param state  the contact at a detection (state.points set); its lists, trees, boxes, search bookkeeping
 *               (pointsAtSearch, searchRegions, hot-before flags) and, when the kinematic points changed, the
 *               free/kinematic lists are written
 */
export function candidatePairs(state: OgcContactState): void {
  const {
    P,
    T,
    E,
    points,
    triangles,
    edges,
    kinematicPoint,
    kinematicTriangle,
    kinematicEdge,
    freePoints,
    fixedPoints,
    freeTriangles,
    freeEdges,
    fixedEdges,
    triangleBoxes,
    freeTriangleBoxes,
    freePointBoxes,
    fixedPointBoxes,
    freeEdgeBoxes,
    fixedEdgeBoxes,
    triangleGrowth,
    edgeGrowth,
    pointPairs,
    edgePairs,
  } = state;
  const { triangleBroadPhase, freeTriangleBroadPhase, freePointBroadPhase, fixedPointBroadPhase, freeEdgeBroadPhase, fixedEdgeBroadPhase } = state;
  state.searched = true;
  const regions = state.regions;
  state.searchRegions =
    regions === null
      ? null
      : state.searchRegions !== null && state.searchRegions.length === regions.length
        ? (state.searchRegions.set(regions), state.searchRegions)
        : Uint32Array.from(regions);
  state.stats.searches++;
  state.pointsAtSearch.set(points);
  state.wasHotPoint.fill(0);
  state.wasHotTriangle.fill(0);
  state.wasHotEdge.fill(0);
  state.partialBoxesCopied = false;
  const D = state.searchRadius;
  if (state.kinematicChanged) {
    state.kinematicChanged = false;
    state.kinematicEpoch++;
    let freePointCount = 0,
      fixedPointCount = 0,
      freeTriangleCount = 0,
      freeEdgeCount = 0,
      fixedEdgeCount = 0;
    for (let p = 0; p < P; p++) {
      if (kinematicPoint[p] === 1) fixedPoints[fixedPointCount++] = p;
      else freePoints[freePointCount++] = p;
    }
    for (let t = 0; t < T; t++) {
      kinematicTriangle[t] = kinematicPoint[triangles[3 * t]] & kinematicPoint[triangles[3 * t + 1]] & kinematicPoint[triangles[3 * t + 2]];
      if (kinematicTriangle[t] === 0) freeTriangles[freeTriangleCount++] = t;
    }
    for (let e = 0; e < E; e++) {
      kinematicEdge[e] = kinematicPoint[edges[2 * e]] & kinematicPoint[edges[2 * e + 1]];
      if (kinematicEdge[e] === 1) fixedEdges[fixedEdgeCount++] = e;
      else freeEdges[freeEdgeCount++] = e;
    }
    state.freePointCount = freePointCount;
    state.fixedPointCount = fixedPointCount;
    state.freeTriangleCount = freeTriangleCount;
    state.freeEdgeCount = freeEdgeCount;
    state.fixedEdgeCount = fixedEdgeCount;
  }
  const { freePointCount, fixedPointCount, freeTriangleCount, freeEdgeCount, fixedEdgeCount } = state;
  for (let t = 0; t < T; t++) indexedPointsBox(points, triangles, 3 * t, 3, triangleGrowth, triangleBoxes, 6 * t);
  // Copied number by number: a subarray view per triangle was an allocation per free triangle and search.
  for (let k = 0; k < freeTriangleCount; k++) {
    const from = 6 * freeTriangles[k],
      to = 6 * k;
    for (let m = 0; m < 6; m++) freeTriangleBoxes[to + m] = triangleBoxes[from + m];
  }
  pointBoxesOf(points, freePoints, freePointCount, freePointBoxes);
  pointBoxesOf(points, fixedPoints, fixedPointCount, fixedPointBoxes);
  triangleBroadPhase.build(triangleBoxes, T);
  freeTriangleBroadPhase.build(freeTriangleBoxes, freeTriangleCount);
  freePointBroadPhase.build(freePointBoxes, freePointCount);
  fixedPointBroadPhase.build(fixedPointBoxes, fixedPointCount);
  for (let k = 0; k < freeEdgeCount; k++) indexedPointsBox(points, edges, 2 * freeEdges[k], 2, edgeGrowth, freeEdgeBoxes, 6 * k);
  for (let k = 0; k < fixedEdgeCount; k++) indexedPointsBox(points, edges, 2 * fixedEdges[k], 2, edgeGrowth, fixedEdgeBoxes, 6 * k);
  freeEdgeBroadPhase.build(freeEdgeBoxes, freeEdgeCount);
  fixedEdgeBroadPhase.build(fixedEdgeBoxes, fixedEdgeCount);
  // Filter into pairs, counting per point and per edge; then a counting sort makes the CSR lists.
  candidateLists(state, D, ALL_PAIRS, pointPairs, edgePairs);
}

/** Point boxes (degenerate: the point itself) of list[0..count) into out. */
function pointBoxesOf(points: Float64Array, list: Uint32Array, count: number, out: Float64Array): void {
  for (let k = 0; k < count; k++) {
    const o = 3 * list[k];
    out[6 * k] = out[6 * k + 3] = points[o];
    out[6 * k + 1] = out[6 * k + 4] = points[o + 1];
    out[6 * k + 2] = out[6 * k + 5] = points[o + 2];
  }
}
