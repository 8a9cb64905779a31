import { candidatePairs } from './candidatePairs.ts';
import { commonMotion } from './commonMotion.ts';
import { hotCandidatePairs } from './hotCandidatePairs.ts';
import { LOWER_BOUND_SLACK } from './ogcContactState.ts';
import type { OgcContactState } from './types.ts';

/**
 * The re-detection bookkeeping of OGC's candidate pairs (seed 001 §3.1's D_min/D_max rule, with an affine common
 * motion): decides, at a detection, whether the last search's lists still hold every pair within r_q, marks the hot
 * points, triangles and edges whose pairs must be searched again, and runs the search that is needed: a fresh one
 * (candidatePairs) or a partial one over the hot features (hotCandidatePairs).
 *
 * The rule. The last search listed every pair within D = r_q + 2m. Since then the points moved: fit an affine map
 * F(x) = B(x − μ₀) + μ₁ to their moves (commonMotion) and take each point's residual ρ_p = |x_p − F(x⁰_p)|. A pair
 * at d⁰ then is now at least σ·d⁰ − ρ_p − ρ_f apart (σ the smallest singular value of B, ρ_f the largest residual of
 * the other feature's points): F maps a triangle or a segment onto one and shortens no distance by more than the
 * factor σ, and the residuals move each side by at most its largest. So an unlisted pair (d⁰ ≥ D) whose sides both
 * moved at most h = (σD − r_q)/2 is still beyond r_q. A point that moved more is hot, and so are the triangles and
 * edges it is on: the pairs with a hot side are searched again alone (within r_q now), the rest read the lists; when
 * more than `fullSearchFraction` of the points are hot, or h ≤ 0, everything is searched anew. Seed 001's common
 * translation is the case B = I. The affine map also takes out the turn and the squash of a character's jump: on the
 * bench's character (level 3, Jump) at the detections where a translation left 90% of the points beyond m (the
 * median), it leaves 5%. Before the first search there is nothing to fit (σ = 0: search).
 *
 * Input regions. Pairs inside one input region are left out of the search (they cost nothing), so a point whose label
 * changed since the search (the input's crossings slide from frame to frame) is hot too: its pairs are searched again
 * with the labels of now (a new search whenever a label changed instead made 25 searches in 52 detections on the
 * layered character, 13 of them for labels).
 *
 * @param state  the contact at a detection (state.points set); writes relabelled, the hot flags, triangleMoved,
 *               edgeMoved, pointMoved (cleared after a fresh search), state.fresh and state.hotListed
 * @returns σ to test the listed pairs with (1 after a fresh search)
 */
export function hotFeatures(state: OgcContactState): number {
  const { S, P, T, E, rq, triangles, edges, relabelled, regionMap, pointMoved, triangleMoved, edgeMoved, isHotPoint, isHotTriangle, isHotEdge } = state;
  let sigma = state.searched ? commonMotion(state) : 0;
  const h = 0.5 * (sigma * state.searchRadius - rq * (1 + LOWER_BOUND_SLACK));
  relabelled.fill(0);
  const searchRegions = state.searchRegions;
  if (state.searched && searchRegions !== null) {
    // Region numbers change from frame to frame (inputRegions numbers them in vertex order): a point counts as
    // relabelled when it left the region it was in at the search, i.e. its label now is not the one the others of
    // its old region mostly went to (the first of them met). Joining a region needs no search again (its listed
    // pairs are left alone when tested), leaving one does.
    const regions = state.regions;
    regionMap.clear();
    for (let p = 0; p < S; p++) {
      const before = searchRegions[p];
      if (before === 0) continue;
      const now = regions === null ? 0 : regions[p];
      const mapped = regionMap.get(before);
      if (mapped === undefined) regionMap.set(before, now);
      if (now === 0 || (mapped !== undefined && mapped !== now)) relabelled[p] = 1;
    }
  }
  let hot = 0;
  if (state.searched && h > 0) for (let k = 0; k < P; k++) if (pointMoved[k] > h || relabelled[k] === 1) hot++;
  const fresh = !state.searched || !(h > 0) || hot > state.fullSearchFraction * P;
  state.fresh = fresh;
  if (fresh) {
    candidatePairs(state);
    sigma = 1;
    hot = 0;
    pointMoved.fill(0);
  }
  if (!fresh) {
    for (let t = 0; t < T; t++) {
      const a = pointMoved[triangles[3 * t]],
        b = pointMoved[triangles[3 * t + 1]],
        c = pointMoved[triangles[3 * t + 2]];
      triangleMoved[t] = a > b ? (a > c ? a : c) : b > c ? b : c;
    }
    for (let e = 0; e < E; e++) {
      const a = pointMoved[edges[2 * e]],
        b = pointMoved[edges[2 * e + 1]];
      edgeMoved[e] = a > b ? a : b;
    }
  } else {
    triangleMoved.fill(0);
    edgeMoved.fill(0);
  }
  state.hotListed = hot > 0;
  if (state.hotListed) {
    for (let k = 0; k < P; k++) isHotPoint[k] = pointMoved[k] > h || relabelled[k] === 1 ? 1 : 0;
    for (let t = 0; t < T; t++)
      isHotTriangle[t] =
        triangleMoved[t] > h || (isHotPoint[triangles[3 * t]] | isHotPoint[triangles[3 * t + 1]] | isHotPoint[triangles[3 * t + 2]]) === 1 ? 1 : 0;
    for (let e = 0; e < E; e++) isHotEdge[e] = edgeMoved[e] > h || (isHotPoint[edges[2 * e]] | isHotPoint[edges[2 * e + 1]]) === 1 ? 1 : 0;
    hotCandidatePairs(state);
  } else {
    isHotPoint.fill(0);
    isHotTriangle.fill(0);
    isHotEdge.fill(0);
  }
  return sigma;
}
