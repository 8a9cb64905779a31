import { pointTriangleClosestPoint, segmentSegmentClosestPoints, type BoxBvh, type BoxBvhTree, type MarkedNodes } from '../../geometry/index.ts';
import { grownArray } from '../../math/index.ts';
import { featureRegion, sameRegion } from '../../intersection/index.ts';
import { NO_CORNER, type LocalNodes } from '../localNodePairs.ts';
import type { LocalWalk, OgcContactState } from './types.ts';

/** Which pairs pointTrianglePairs and edgeEdgePairs keep: all of them, or those with a hot side (hotCandidatePairs). */
export const ALL_PAIRS = 0;
export const HOT_PAIRS = 1;

/**
 * The (point, triangle) pairs of two box trees within `radius`: the narrow filter of OGC's vertex–facet candidates
 * (seed 000 Algorithm 2, the pairs within r_q; DCD). The walk gives the overlapping boxes (boxBvh.overlapPairs); a
 * pair is left out when it cannot act: outside `which`, two kinematic features, two colliders, surface against itself
 * without self-contact, a shared point, local (within localRings of each other on an embedded surface), or inside one
 * input region (inputRegions' rule); the rest are kept with their exact distance and closest point
 * (pointTriangleClosestPoint) when below `radius`.
 *
 * @param state         the contact (reads points, topology, kinematic and hot flags, regions; writes the scratch)
 * @param pointTree     tree over points (items → points through pointList)
 * @param triangleTree  tree over triangles (items → triangles through triangleList; null: the triangle itself)
 * @param kept          pairs already in state.pairScratch (appended after them)
 * @param radius        keep pairs closer than this [m] (D for a search, r_q for a partial search)
 * @param counts        #P + 1: counts[p + 1] is incremented per kept pair of p
 * @param which         ALL_PAIRS or HOT_PAIRS (only pairs with a hot point or triangle)
 * @param walk          the walk's local node pairs (localRings with self-contact), skipped by the tree walk
 * @param marked        the walk skips node pairs with neither node marked (hotCandidatePairs)
 * @returns the pairs in the scratch now
 */
export function pointTrianglePairs(
  state: OgcContactState,
  pointTree: BoxBvh,
  triangleTree: BoxBvh,
  pointList: Uint32Array,
  triangleList: Uint32Array | null,
  kept: number,
  radius: number,
  counts: Uint32Array,
  which: number,
  walk?: LocalWalk,
  marked?: MarkedNodes,
): number {
  const {
    S,
    P,
    localRings,
    localOffsets,
    localPoints,
    localStamp,
    isHotPoint,
    isHotTriangle,
    kinematicPoint,
    kinematicTriangle,
    triangleOwner,
    selfContact,
    triangles,
    regions,
    points,
    closest,
  } = state;
  const D2 = radius * radius;
  const found = pointTree.overlapPairs(triangleTree, walk && localNodesOf(state, walk, pointTree, pointList, 1, triangleTree, triangleList, 3), marked);
  const pairs = pointTree.pairs;
  const grouped = localRings > 0 ? groupPairs(state, pairs, found, P) : null;
  let group = -1;
  let stamp = state.localStampId;
  for (let n = 0; n < found; n++) {
    const k = grouped === null ? n : grouped[n];
    const p = pointList[pairs[2 * k]];
    if (grouped !== null && p < S && pairs[2 * k] !== group) {
      group = pairs[2 * k];
      stamp = nextLocalStamp(state);
      for (let m = localOffsets[p]; m < localOffsets[p + 1]; m++) localStamp[localPoints[m]] = stamp;
    }
    const t = triangleList === null ? pairs[2 * k + 1] : triangleList[pairs[2 * k + 1]];
    if (which === HOT_PAIRS && isHotPoint[p] === 0 && isHotTriangle[t] === 0) continue;
    if (kinematicPoint[p] === 1 && kinematicTriangle[t] === 1) continue;
    const isObstacle = p >= S;
    const obstacleTriangle = triangleOwner[t] === 1;
    if (isObstacle && obstacleTriangle) continue;
    if (!isObstacle && !obstacleTriangle && !selfContact) continue;
    const a = triangles[3 * t],
      b = triangles[3 * t + 1],
      c = triangles[3 * t + 2];
    if (p === a || p === b || p === c) continue;
    if (grouped !== null && !isObstacle && !obstacleTriangle && (localStamp[a] === stamp || localStamp[b] === stamp || localStamp[c] === stamp)) continue;
    // Inside one input region: never a contact nor a bound, so not listed (no exact distance).
    if (regions !== null && !isObstacle && !obstacleTriangle && sameRegion(regions[p], featureRegion(regions[a], regions[b], regions[c]))) continue;
    const distance2 = pointTriangleClosestPoint(points, a, b, c, points[3 * p], points[3 * p + 1], points[3 * p + 2], closest);
    if (distance2 >= D2) continue;
    keepPair(state, kept++, p, t, distance2, closest, 4);
    counts[p + 1]++;
  }
  return kept;
}

/**
 * The edge pairs of two box trees within `radius`: the narrow filter of OGC's edge–edge candidates (seed 000
 * Algorithm 3; DCD), each unordered pair once, listed under a surface edge (the lower index when both are, in every
 * walk), with the filters of pointTrianglePairs (shared points, kinematic or collider pairs, local pairs, input
 * regions) and the exact segment parameters (segmentSegmentClosestPoints).
 *
 * @param state       the contact (as pointTrianglePairs)
 * @param first       tree over edges (items → edges through firstList)
 * @param second      tree over edges (may be `first`)
 * @param kept        pairs already in state.pairScratch
 * @param radius      keep pairs closer than this [m]
 * @param counts      #E + 1: counts[e + 1] is incremented per kept pair listed under e
 * @param which       ALL_PAIRS or HOT_PAIRS (only pairs with a hot edge)
 * @param walk        the walk's local node pairs
 * @param marked      the walk skips node pairs with neither node marked
 * @returns the pairs in the scratch now
 */
export function edgeEdgePairs(
  state: OgcContactState,
  first: BoxBvh,
  firstList: Uint32Array,
  second: BoxBvh,
  secondList: Uint32Array,
  kept: number,
  radius: number,
  counts: Uint32Array,
  which: number,
  walk?: LocalWalk,
  marked?: MarkedNodes,
): number {
  const { S, E, localRings, localOffsets, localPoints, localStamp, isHotEdge, kinematicEdge, edgeOwner, selfContact, edges, regions, points, params } = state;
  const D2 = radius * radius;
  const found = first.overlapPairs(second, walk && localNodesOf(state, walk, first, firstList, 2, second, secondList, 2), marked);
  const pairs = first.pairs;
  const grouped = localRings > 0 ? groupPairs(state, pairs, found, E) : null;
  let group = -1;
  let stamp = state.localStampId;
  for (let n = 0; n < found; n++) {
    const k = grouped === null ? n : grouped[n];
    if (grouped !== null && pairs[2 * k] !== group) {
      group = pairs[2 * k];
      stamp = nextLocalStamp(state);
      const g = firstList[group];
      const i = edges[2 * g],
        j = edges[2 * g + 1];
      if (i < S) for (let m = localOffsets[i]; m < localOffsets[i + 1]; m++) localStamp[localPoints[m]] = stamp;
      if (j < S) for (let m = localOffsets[j]; m < localOffsets[j + 1]; m++) localStamp[localPoints[m]] = stamp;
    }
    let e = firstList[pairs[2 * k]];
    let f = secondList[pairs[2 * k + 1]];
    if (which === HOT_PAIRS && isHotEdge[e] === 0 && isHotEdge[f] === 0) continue;
    if (kinematicEdge[e] === 1 && kinematicEdge[f] === 1) continue;
    if (edgeOwner[e] === 1 && edgeOwner[f] === 1) continue;
    if (edgeOwner[e] === 0 && edgeOwner[f] === 0 && !selfContact) continue;
    if (edgeOwner[e] === 1 || (edgeOwner[f] === 0 && f < e)) {
      const swap = e;
      e = f;
      f = swap;
    }
    const i = edges[2 * e],
      j = edges[2 * e + 1];
    const m = edges[2 * f],
      l = edges[2 * f + 1];
    if (m === i || m === j || l === i || l === j) continue;
    // The group's own edge is stamped (its rings hold its endpoints): only the other edge's endpoints are tested.
    if (grouped !== null && edgeOwner[e] === 0 && edgeOwner[f] === 0) {
      const o = e === firstList[group] ? f : e;
      if (localStamp[edges[2 * o]] === stamp || localStamp[edges[2 * o + 1]] === stamp) continue;
    }
    if (regions !== null && edgeOwner[f] === 0 && sameRegion(featureRegion(regions[i], regions[j], 0), featureRegion(regions[m], regions[l], 0))) continue;
    const distance2 = segmentSegmentClosestPoints(points, i, j, points, m, l, params);
    if (distance2 >= D2) continue;
    keepPair(state, kept++, e, f, distance2, params, 2);
    counts[e + 1]++;
  }
  return kept;
}

/**
 * Pair `kept` of the scratch (grown by doubling when full): the two features, the distance sqrt(distance2) and the
 * `stride` exact values of `exact` (a closest point's 4, a segment pair's 2 parameters) at exactScratch[stride·kept].
 */
function keepPair(state: OgcContactState, kept: number, first: number, second: number, distance2: number, exact: Float64Array, stride: number): void {
  if (2 * kept + 2 > state.pairScratch.length) state.pairScratch = grownArray(state.pairScratch, 2 * state.pairScratch.length);
  if (kept >= state.distanceScratch.length) state.distanceScratch = grownArray(state.distanceScratch, 2 * state.distanceScratch.length);
  if (stride * kept + stride > state.exactScratch.length) state.exactScratch = grownArray(state.exactScratch, 2 * state.exactScratch.length);
  state.distanceScratch[kept] = Math.sqrt(distance2);
  for (let c = 0; c < stride; c++) state.exactScratch[stride * kept + c] = exact[c];
  state.pairScratch[2 * kept] = first;
  state.pairScratch[2 * kept + 1] = second;
}

/**
 * The node pairs of a walk that hold only local pairs (localNodePairs), made again when either tree was rebuilt or
 * the free and kinematic sets changed. A tree's items are features through `list` (null: the feature itself) with
 * `stride` points each (points, edges, triangles); an obstacle's have no corner (never local).
 */
function localNodesOf(
  state: OgcContactState,
  walk: LocalWalk,
  first: BoxBvh,
  firstList: Uint32Array,
  firstStride: number,
  second: BoxBvh,
  secondList: Uint32Array | null,
  secondStride: number,
): LocalNodes {
  if (walk.firstVersion === first.tree.version && walk.secondVersion === second.tree.version && walk.epoch === state.kinematicEpoch) return walk.nodes;
  walk.firstVersion = first.tree.version;
  walk.secondVersion = second.tree.version;
  walk.epoch = state.kinematicEpoch;
  walk.first.corners = cornersOf(state, walk.first.corners, first.tree, firstList, firstStride);
  walk.first.tree = first.tree;
  walk.first.stride = firstStride;
  walk.second.stride = secondStride;
  walk.second.corners = cornersOf(state, walk.second.corners, second.tree, secondList, secondStride);
  walk.second.tree = second.tree;
  return state.localNodes!.update(walk.first, walk.second, walk.nodes);
}

/** Each box's surface points (a point, an edge's or a triangle's), NO_CORNER for an obstacle's. */
function cornersOf(state: OgcContactState, out: Uint32Array, tree: BoxBvhTree, list: Uint32Array | null, stride: number): Uint32Array {
  const { S, edges, edgeOwner, triangles, triangleOwner } = state;
  const count = tree.nodeCount > 0 ? tree.itemCount[0] : 0;
  if (out.length < stride * count) out = new Uint32Array(stride * count);
  for (let i = 0; i < count; i++) {
    const f = list === null ? i : list[i];
    if (stride === 1) out[i] = f < S ? f : NO_CORNER;
    else if (stride === 2) {
      const surface = edgeOwner[f] === 0;
      out[2 * i] = surface ? edges[2 * f] : NO_CORNER;
      out[2 * i + 1] = surface ? edges[2 * f + 1] : NO_CORNER;
    } else {
      const surface = triangleOwner[f] === 0;
      for (let c = 0; c < 3; c++) out[3 * i + c] = surface ? triangles[3 * f + c] : NO_CORNER;
    }
  }
  return out;
}

/** A fresh local stamp (returned); the stamps start over before the Int32 would wrap (after ~2³¹ groups, tens of thousands of frames). */
function nextLocalStamp(state: OgcContactState): number {
  if (state.localStampId === 0x7fffffff) {
    state.localStamp.fill(-1);
    state.localStampId = 0;
  }
  return ++state.localStampId;
}

/** The pair indices [0, found) ordered by their first item (< items): a counting sort into state.groupOrder. */
function groupPairs(state: OgcContactState, pairs: Uint32Array, found: number, items: number): Uint32Array {
  const { groupOffsets } = state;
  if (state.groupOrder.length < found) state.groupOrder = new Uint32Array(Math.max(found, 2 * state.groupOrder.length));
  const groupOrder = state.groupOrder;
  groupOffsets.fill(0, 0, items + 2);
  for (let k = 0; k < found; k++) groupOffsets[pairs[2 * k] + 1]++;
  for (let i = 0; i < items; i++) groupOffsets[i + 1] += groupOffsets[i];
  for (let k = 0; k < found; k++) groupOrder[groupOffsets[pairs[2 * k]]++] = k;
  return groupOrder;
}
