import { pointSegmentClosestPoint, pointTriangleClosestPoint, triangleNormal, TRIANGLE_FEATURE } from '../../geometry/index.ts';
import { CONTACT_KIND } from '../../solvers/vbd/index.ts';
import { featureRegion, sameRegion } from '../../intersection/index.ts';
import { appendContact } from './appendContact.ts';
import { inEdgeBlock } from './inEdgeBlock.ts';
import { inVertexBlock } from './inVertexBlock.ts';
import { LOWER_BOUND_SLACK } from './ogcContactState.ts';
import type { OgcContactState } from './types.ts';

/** edgeParameter's result (scratch). */
const SEGMENT = new Float64Array(1);

/**
 * OGC's vertex–facet contacts of one detection (seed 000 §5.2.1, Algorithm 2, DCD): for each point, its candidate
 * triangles (the search's lists without a hot side, then the partial search's), each tested at its exact distance d.
 * A pair within r_q lowers the smallest distances of the point and the triangle (the bounds' d_min,v and d_min,t,
 * Eqs. 5.21, 5.25); a pair within r makes a contact with the sub-face a that holds the closest point (face, edge,
 * vertex; pointTriangleClosestPoint) only if the point lies in a's block U_a (Eq. 5.7 vertex, 5.8 edge; a face block
 * always holds it), each (point, a) once (the contact face set F_OGC(v), §5.1.5). Pairs sharing a point, pairs within
 * `topologicalRings`, pairs inside one input region and pairs closer than r in the input are left out (the input
 * exclusion counts in stats.inputExcluded). Twin: the `pointTriangleContacts` kernel of kernels/contact/ogcDetection.wgsl.
 *
 * A listed pair is tested only when σ·d⁰ minus each side's largest residual since the search is below r_q: testing
 * it would give nothing otherwise (a pair at r_q or more makes no contact and no bound). The slack keeps every pair
 * whose exact distance rounds below r_q.
 *
 * @param state  the contact at a detection: points, reference, the candidate lists and the hot flags (hotFeatures);
 *               appends to state.data's contacts, lowers minPoint and minTriangle
 * @param sigma  σ of the common motion since the search (1 after a fresh search)
 */
export function vertexFacetContacts(state: OgcContactState, sigma: number): void {
  const {
    S,
    P,
    points,
    triangles,
    ringOffsets,
    ringPoints,
    ringStamp,
    isHotPoint,
    isHotTriangle,
    pointMoved,
    triangleMoved,
    pointPairs,
    hotPointPairs,
    closest,
    fresh,
    hotListed,
  } = state;
  const movedBelow = state.rq * (1 + LOWER_BOUND_SLACK);
  const { offsets, pairs, distances, exact } = pointPairs;
  const hotOffsets = hotPointPairs.offsets,
    hotPairs = hotPointPairs.pairs,
    hotDistances = hotPointPairs.distances,
    hotExact = hotPointPairs.exact;
  for (let p = 0; p < P; p++) {
    if (p < S) for (let k = ringOffsets[p]; k < ringOffsets[p + 1]; k++) ringStamp[ringPoints[k]] = p;
    const px = points[3 * p],
      py = points[3 * p + 1],
      pz = points[3 * p + 2];
    if (isHotPoint[p] === 0) {
      for (let q = offsets[p], end = offsets[p + 1]; q < end; q++) {
        const t = pairs[q];
        if (isHotTriangle[t] === 1 || sigma * distances[q] - pointMoved[p] - triangleMoved[t] >= movedBelow) continue;
        let distance: number;
        if (fresh) {
          distance = distances[q];
          closest[0] = exact[4 * q];
          closest[1] = exact[4 * q + 1];
          closest[2] = exact[4 * q + 2];
          closest[3] = exact[4 * q + 3];
        } else distance = Math.sqrt(pointTriangleClosestPoint(points, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], px, py, pz, closest));
        pointTrianglePair(state, p, px, py, pz, t, distance);
      }
    }
    if (!hotListed) continue;
    for (let q = hotOffsets[p], end = hotOffsets[p + 1]; q < end; q++) {
      closest[0] = hotExact[4 * q];
      closest[1] = hotExact[4 * q + 1];
      closest[2] = hotExact[4 * q + 2];
      closest[3] = hotExact[4 * q + 3];
      pointTrianglePair(state, p, px, py, pz, hotPairs[q], hotDistances[q]);
    }
  }
}

/**
 * A (point, triangle) pair at `distance` with its closest point in state.closest (the ring stamps of the point set):
 * input exclusion, the bounds' distances, and the contact of the feature that owns the closest point. (px, py, pz) is
 * point p's position, read once by the caller.
 */
function pointTrianglePair(state: OgcContactState, p: number, px: number, py: number, pz: number, t: number, distance: number): void {
  const {
    S,
    r,
    rq,
    triangleOwner,
    triangles,
    triangleEdges,
    edges,
    points,
    regions,
    reference,
    referenceClosest,
    minPoint,
    minTriangle,
    ringStamp,
    closest,
    featureEdgeStamp,
    featureVertexStamp,
  } = state;
  const isObstacle = p >= S;
  const obstacleTriangle = triangleOwner[t] === 1;
  const surfacePair = !isObstacle && !obstacleTriangle;
  const a = triangles[3 * t],
    b = triangles[3 * t + 1],
    c = triangles[3 * t + 2];
  if (distance >= rq) return;
  // Inside one input region: left alone (the search does not list such pairs; the regions can be set after it).
  if (regions !== null && !isObstacle && !obstacleTriangle && sameRegion(regions[p], featureRegion(regions[a], regions[b], regions[c]))) return;
  if (state.hasReference) {
    const referenceDistance = Math.sqrt(
      pointTriangleClosestPoint(reference, a, b, c, reference[3 * p], reference[3 * p + 1], reference[3 * p + 2], referenceClosest),
    );
    if (referenceDistance < r) {
      state.stats.inputExcluded++;
      return;
    }
  }
  if (distance < minPoint[p]) minPoint[p] = distance;
  if (distance < minTriangle[t]) minTriangle[t] = distance;
  if (distance >= r) return;
  if (surfacePair && (ringStamp[a] === p || ringStamp[b] === p || ringStamp[c] === p)) return;
  const feature = closest[3];
  const cx = closest[0] * points[3 * a] + closest[1] * points[3 * b] + closest[2] * points[3 * c];
  const cy = closest[0] * points[3 * a + 1] + closest[1] * points[3 * b + 1] + closest[2] * points[3 * c + 1];
  const cz = closest[0] * points[3 * a + 2] + closest[1] * points[3 * b + 2] + closest[2] * points[3 * c + 2];
  let nx = px - cx,
    ny = py - cy,
    nz = pz - cz;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (length > 0) {
    nx /= length;
    ny /= length;
    nz /= length;
  } else {
    faceNormal(points, a, b, c, closest);
    nx = closest[0];
    ny = closest[1];
    nz = closest[2];
  }
  if (feature === TRIANGLE_FEATURE.face) {
    appendContact(state, CONTACT_KIND.vertexFace, p, a, b, c, 1, -closest[0], -closest[1], -closest[2], nx, ny, nz, distance, 1);
  } else if (feature <= TRIANGLE_FEATURE.edgeCA) {
    const e = triangleEdges[3 * t + (feature - TRIANGLE_FEATURE.edgeAB)];
    if (featureEdgeStamp[e] === p) return;
    featureEdgeStamp[e] = p;
    if (!inEdgeBlock(state, e, px, py, pz)) return;
    const i = edges[2 * e],
      j = edges[2 * e + 1];
    const u = edgeParameter(i, j, px, py, pz, points);
    appendContact(state, CONTACT_KIND.vertexEdge, p, i, j, 0, 1, -(1 - u), -u, 0, nx, ny, nz, distance, 1);
  } else {
    const w = feature === TRIANGLE_FEATURE.vertexA ? a : feature === TRIANGLE_FEATURE.vertexB ? b : c;
    if (featureVertexStamp[w] === p) return;
    featureVertexStamp[w] = p;
    if (!inVertexBlock(state, w, px, py, pz)) return;
    appendContact(state, CONTACT_KIND.vertexVertex, p, w, 0, 0, 1, -1, 0, 0, nx, ny, nz, distance, 1);
  }
}

/** The parameter in [0, 1] of the closest point to x on segment (i, j) of `source` (Math.max: +0 for a −0). */
function edgeParameter(i: number, j: number, x: number, y: number, z: number, source: Float64Array): number {
  pointSegmentClosestPoint(source, i, j, x, y, z, SEGMENT);
  return Math.max(0, SEGMENT[0]);
}

/** Unit normal of triangle (a, b, c) into out[0..3] ((0, 1, 0) when it has no area). */
function faceNormal(points: Float64Array, a: number, b: number, c: number, out: Float64Array): void {
  triangleNormal(points, a, b, c, out);
  const nx = out[0],
    ny = out[1],
    nz = out[2];
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  out[0] = length > 0 ? nx / length : 0;
  out[1] = length > 0 ? ny / length : 1;
  out[2] = length > 0 ? nz / length : 0;
}
