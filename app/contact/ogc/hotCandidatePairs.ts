import type { OgcContactState } from './types.ts';
import { candidateLists } from './candidateLists.ts';
import { HOT_PAIRS } from './proximityPairs.ts';
import { indexedPointsBox } from '../../geometry/index.ts';

/**
 * The candidate pairs with a hot side within r_q now (seed 001 §3.1's re-search of the pairs that left the lists'
 * margin, with an affine common motion: see hotFeatures), into state.hotPointPairs and state.hotEdgePairs: the search's
 * own walks again (candidatePairs), over its trees with each hot item's box mapped back to the search's frame by F⁻¹
 * (only the nodes whose items changed refitted, the same shape, so the walks still skip the local node pairs),
 * skipping every node pair without a hot item.
 *
 * Why the search's margins suffice: a cold feature is within h of F of where it was at the search, so a pair with a hot
 * side within r_q now had its sides within (r_q + h)/σ of each other in that frame (F⁻¹ stretches no distance by more
 * than 1/σ), r_q/σ for two hot ones. With h = (σD − r_q)/2 > 0 (hotFeatures) that reach is r_q/(2σ) + D/2 < D, which
 * the search's margins already cover (triangles grown by D against bare points, edges by D/2 each): a hot box is the
 * search's box of where F⁻¹ puts the feature now. Each pair comes from one walk, as in the search.
 *
 * @param state  the contact after hotFeatures set the hot flags and commonMotion the map (motionInverse, motionFrom,
 *               motionTo); writes mappedPoints, the partial boxes and marks, the hot lists
 */
export function hotCandidatePairs(state: OgcContactState): void {
  const {
    P,
    T,
    E,
    rq,
    points,
    mappedPoints,
    motionInverse: m,
    motionTo,
    motionFrom,
    isHotPoint,
    isHotTriangle,
    isHotEdge,
    wasHotPoint,
    wasHotTriangle,
    wasHotEdge,
    changedPoint,
    changedTriangle,
    changedEdge,
  } = state;
  const {
    triangleGrowth,
    edgeGrowth,
    partialTrees,
    marks,
    changedMarks,
    hotPointPairs,
    hotEdgePairs,
    freePoints,
    fixedPoints,
    freeTriangles,
    freeEdges,
    fixedEdges,
  } = state;
  state.stats.partialSearches++;
  for (let k = 0; k < P; k++) {
    const dx = points[3 * k] - motionTo[0],
      dy = points[3 * k + 1] - motionTo[1],
      dz = points[3 * k + 2] - motionTo[2];
    mappedPoints[3 * k] = m[0] * dx + m[1] * dy + m[2] * dz + motionFrom[0];
    mappedPoints[3 * k + 1] = m[3] * dx + m[4] * dy + m[5] * dz + motionFrom[1];
    mappedPoints[3 * k + 2] = m[6] * dx + m[7] * dy + m[8] * dz + motionFrom[2];
  }
  for (let k = 0; k < P; k++) changedPoint[k] = isHotPoint[k] | wasHotPoint[k];
  for (let t = 0; t < T; t++) changedTriangle[t] = isHotTriangle[t] | wasHotTriangle[t];
  for (let e = 0; e < E; e++) changedEdge[e] = isHotEdge[e] | wasHotEdge[e];
  partialBoxes(state, state.triangleBoxes, T, null, isHotTriangle, changedTriangle, 3, triangleGrowth, partialTrees[0].boxes);
  partialBoxes(
    state,
    state.freeTriangleBoxes,
    state.freeTriangleCount,
    freeTriangles,
    isHotTriangle,
    changedTriangle,
    3,
    triangleGrowth,
    partialTrees[1].boxes,
  );
  partialBoxes(state, state.freePointBoxes, state.freePointCount, freePoints, isHotPoint, changedPoint, 1, 0, partialTrees[2].boxes);
  partialBoxes(state, state.fixedPointBoxes, state.fixedPointCount, fixedPoints, isHotPoint, changedPoint, 1, 0, partialTrees[3].boxes);
  partialBoxes(state, state.freeEdgeBoxes, state.freeEdgeCount, freeEdges, isHotEdge, changedEdge, 2, edgeGrowth, partialTrees[4].boxes);
  partialBoxes(state, state.fixedEdgeBoxes, state.fixedEdgeCount, fixedEdges, isHotEdge, changedEdge, 2, edgeGrowth, partialTrees[5].boxes);
  state.partialBoxesCopied = true;
  wasHotPoint.set(isHotPoint);
  wasHotTriangle.set(isHotTriangle);
  wasHotEdge.set(isHotEdge);
  for (let k = 0; k < 6; k++) {
    const { tree, list, boxes, changed, hot } = partialTrees[k];
    changedMarks[k] = tree.markNodes(changed, list, changedMarks[k]);
    tree.refitBoxes(boxes, changedMarks[k]);
    marks[k] = tree.markNodes(hot, list, marks[k]);
  }
  candidateLists(state, rq, HOT_PAIRS, hotPointPairs, hotEdgePairs, marks);
}

/**
 * A tree's item boxes for hotCandidatePairs, in out: `boxes` (the search's, count items, list maps them to features)
 * with each hot feature's box (`size` points) made again from its points mapped by F⁻¹ and grown by `margin`. out
 * is copied whole at the first partial search after a search; later ones write only the changed features (hot now,
 * or hot before and back to the search's box).
 */
function partialBoxes(
  state: OgcContactState,
  boxes: Float64Array,
  count: number,
  list: Uint32Array | null,
  hot: Uint8Array,
  changed: Uint8Array,
  size: number,
  margin: number,
  out: Float64Array,
): void {
  const { mappedPoints } = state;
  if (!state.partialBoxesCopied) out.set(boxes.subarray(0, 6 * count));
  for (let k = 0; k < count; k++) {
    const f = list === null ? k : list[k];
    if (changed[f] === 0) continue;
    if (hot[f] === 0) {
      for (let c = 6 * k; c < 6 * k + 6; c++) out[c] = boxes[c];
    } else if (size === 1) {
      const o = 3 * f;
      for (let c = 0; c < 3; c++) {
        out[6 * k + c] = mappedPoints[o + c] - margin;
        out[6 * k + 3 + c] = mappedPoints[o + c] + margin;
      }
    } else indexedPointsBox(mappedPoints, size === 2 ? state.edges : state.triangles, size * f, size, margin, out, 6 * k);
  }
}
