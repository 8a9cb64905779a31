import { segmentSegmentClosestPoints } from '../../geometry/index.ts';
import { CONTACT_KIND } from '../../solvers/vbd/index.ts';
import { featureRegion, sameRegion } from '../../intersection/index.ts';
import { appendContact } from './appendContact.ts';
import { inVertexBlock } from './inVertexBlock.ts';
import { LOWER_BOUND_SLACK } from './ogcContactState.ts';
import type { OgcContactState } from './types.ts';

/**
 * OGC's edge–edge contacts of one detection (seed 000 §5.2.2, Algorithm 3, DCD), each pair once, listed under a
 * surface edge: the search's lists without a hot side, then the partial search's, each tested at its exact distance.
 * A pair within r_q lowers both edges' smallest distance d_min,e (Eq. 5.23); a pair within r whose closest points are
 * interior to both edges makes an edge–edge contact (the offset geometry of §5.1.7, Eq. 5.16 with interior sub-faces),
 * with the parallel-edge mollifier; one whose closest point is an endpoint goes on as a point–edge or point–point
 * contact inside the endpoint's vertex block (Eqs. 5.7, 5.14, 5.16). The filters are vertexFacetContacts' (input
 * regions, input exclusion, topological rings). Twin: the `edgeEdgeContacts` kernel (with `edgeEndpointContact`) of
 * kernels/contact/ogcDetection.wgsl.
 *
 * @param state  the contact at a detection (as vertexFacetContacts); appends contacts, lowers minEdge
 * @param sigma  σ of the common motion since the search (1 after a fresh search)
 */
export function edgeEdgeContacts(state: OgcContactState, sigma: number): void {
  const { E, edges, edgeOwner, points, ringOffsets, ringPoints, ringStamp, isHotEdge, edgeMoved, edgePairs, hotEdgePairs, params, fresh, hotListed } = state;
  const movedBelow = state.rq * (1 + LOWER_BOUND_SLACK);
  const { offsets, pairs, distances, exact } = edgePairs;
  const hotOffsets = hotEdgePairs.offsets,
    hotPairs = hotEdgePairs.pairs,
    hotDistances = hotEdgePairs.distances,
    hotExact = hotEdgePairs.exact;
  for (let e = 0; e < E; e++) {
    if (edgeOwner[e] === 1) continue;
    const i = edges[2 * e],
      j = edges[2 * e + 1];
    for (let k = ringOffsets[i]; k < ringOffsets[i + 1]; k++) ringStamp[ringPoints[k]] = -2 - e;
    for (let k = ringOffsets[j]; k < ringOffsets[j + 1]; k++) ringStamp[ringPoints[k]] = -2 - e;
    if (isHotEdge[e] === 0) {
      for (let q = offsets[e], end = offsets[e + 1]; q < end; q++) {
        const f = pairs[q];
        if (isHotEdge[f] === 1 || sigma * distances[q] - edgeMoved[e] - edgeMoved[f] >= movedBelow) continue;
        let distance: number;
        if (fresh) {
          distance = distances[q];
          params[0] = exact[2 * q];
          params[1] = exact[2 * q + 1];
        } else distance = Math.sqrt(segmentSegmentClosestPoints(points, i, j, points, edges[2 * f], edges[2 * f + 1], params));
        edgeEdgePair(state, e, f, distance);
      }
    }
    if (!hotListed) continue;
    for (let q = hotOffsets[e], end = hotOffsets[e + 1]; q < end; q++) {
      params[0] = hotExact[2 * q];
      params[1] = hotExact[2 * q + 1];
      edgeEdgePair(state, e, hotPairs[q], hotDistances[q]);
    }
  }
}

/** An edge pair (e, f) at `distance` with its segment parameters in state.params (e's ring stamps set). */
function edgeEdgePair(state: OgcContactState, e: number, f: number, distance: number): void {
  const { r, rq, edges, edgeOwner, regions, reference, referenceParams, params, minEdge, ringStamp, points } = state;
  const i = edges[2 * e],
    j = edges[2 * e + 1];
  const k = edges[2 * f],
    l = edges[2 * f + 1];
  const obstacleEdge = edgeOwner[f] === 1;
  if (distance >= rq) return;
  if (regions !== null && !obstacleEdge && sameRegion(featureRegion(regions[i], regions[j], 0), featureRegion(regions[k], regions[l], 0))) return;
  if (state.hasReference) {
    if (Math.sqrt(segmentSegmentClosestPoints(reference, i, j, reference, k, l, referenceParams)) < r) {
      state.stats.inputExcluded++;
      return;
    }
  }
  const s = params[0];
  const t = params[1];
  if (distance < minEdge[e]) minEdge[e] = distance;
  if (distance < minEdge[f]) minEdge[f] = distance;
  if (distance >= r) return;
  if (!obstacleEdge && (ringStamp[k] === -2 - e || ringStamp[l] === -2 - e)) return;
  const interiorS = s > 0 && s < 1;
  const interiorT = t > 0 && t < 1;
  if (!interiorS || !interiorT) {
    // The closest point is an endpoint of one edge or both: the pair goes on as that point against the other
    // edge (or point) while the other side's closest point lies in the point's vertex block on the edge graph
    // (seed 000 Eqs. 5.14, 5.16; Algorithm 3), each edge pair its own contact. Dropping the pair here made the
    // energy jump by g(d) per edge at the point (test/app/solvers/vbd/contactEnergy.test.ts).
    edgeEndpointContact(state, i, j, s, interiorS, k, l, t, interiorT, distance);
    return;
  }
  const ux = points[3 * j] - points[3 * i],
    uy = points[3 * j + 1] - points[3 * i + 1],
    uz = points[3 * j + 2] - points[3 * i + 2];
  const wx = points[3 * l] - points[3 * k],
    wy = points[3 * l + 1] - points[3 * k + 1],
    wz = points[3 * l + 2] - points[3 * k + 2];
  let nx = points[3 * i] + s * ux - points[3 * k] - t * wx;
  let ny = points[3 * i + 1] + s * uy - points[3 * k + 1] - t * wy;
  let nz = points[3 * i + 2] + s * uz - points[3 * k + 2] - t * wz;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const cx = uy * wz - uz * wy,
    cy = uz * wx - ux * wz,
    cz = ux * wy - uy * wx;
  const c2 = cx * cx + cy * cy + cz * cz;
  if (length > 0) {
    nx /= length;
    ny /= length;
    nz /= length;
  } else {
    const cl = Math.sqrt(c2) || 1;
    nx = cx / cl;
    ny = cy / cl;
    nz = cz / cl;
  }
  const epsilon = 1e-3 * (ux * ux + uy * uy + uz * uz) * (wx * wx + wy * wy + wz * wz);
  const mollifier = c2 < epsilon ? (c2 / epsilon) * (2 - c2 / epsilon) : 1;
  appendContact(state, CONTACT_KIND.edgeEdge, i, j, k, l, 1 - s, s, -(1 - t), -t, nx, ny, nz, distance, mollifier);
}

/**
 * An edge pair (i, j)–(k, l) within r whose closest points are not both interior (parameters s on the first edge, t
 * on the second): a point–edge contact (the endpoint against the other edge) or a point–point contact, when the other
 * side's closest point lies in the endpoint's vertex block (Eq. 5.7 on the edge graph).
 */
function edgeEndpointContact(
  state: OgcContactState,
  i: number,
  j: number,
  s: number,
  interiorS: boolean,
  k: number,
  l: number,
  t: number,
  interiorT: boolean,
  distance: number,
): void {
  const { points } = state;
  const a = interiorS ? -1 : s <= 0 ? i : j;
  const b = interiorT ? -1 : t <= 0 ? k : l;
  // Closest points on each edge.
  const ex = points[3 * i] + s * (points[3 * j] - points[3 * i]),
    ey = points[3 * i + 1] + s * (points[3 * j + 1] - points[3 * i + 1]),
    ez = points[3 * i + 2] + s * (points[3 * j + 2] - points[3 * i + 2]);
  const fx = points[3 * k] + t * (points[3 * l] - points[3 * k]),
    fy = points[3 * k + 1] + t * (points[3 * l + 1] - points[3 * k + 1]),
    fz = points[3 * k + 2] + t * (points[3 * l + 2] - points[3 * k + 2]);
  if (a >= 0 && !inVertexBlock(state, a, fx, fy, fz)) return;
  if (b >= 0 && !inVertexBlock(state, b, ex, ey, ez)) return;
  let nx = ex - fx,
    ny = ey - fy,
    nz = ez - fz;
  if (distance > 0) {
    nx /= distance;
    ny /= distance;
    nz /= distance;
  } else {
    nx = 0;
    ny = 1;
    nz = 0;
  }
  if (a >= 0 && b >= 0) appendContact(state, CONTACT_KIND.vertexVertex, a, b, 0, 0, 1, -1, 0, 0, nx, ny, nz, distance, 1);
  else if (a >= 0) appendContact(state, CONTACT_KIND.vertexEdge, a, k, l, 0, 1, -(1 - t), -t, 0, nx, ny, nz, distance, 1);
  else appendContact(state, CONTACT_KIND.vertexEdge, b, i, j, 0, 1, -(1 - s), -s, 0, -nx, -ny, -nz, distance, 1);
}
