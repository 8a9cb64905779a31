import { contactPointPosition, type FloatArray } from '../../solvers/vbd/index.ts';
import { conservativeBounds } from './conservativeBounds.ts';
import { edgeEdgeContacts } from './edgeEdgeContacts.ts';
import { hotFeatures } from './hotFeatures.ts';
import type { OgcContactState } from './types.ts';
import { unaryContacts } from './unaryContacts.ts';
import { vertexContactLists } from './vertexContactLists.ts';
import { vertexFacetContacts } from './vertexFacetContacts.ts';

/**
 * One collision detection of OGC (seed 000 §5.2.3.1, Algorithm 4's detection: Algorithms 2–3 with DCD): the contact
 * set, the contact data the vertex solve gathers from, and the conservative bounds, at the given simulation positions.
 * It reads as the method does:
 *   1. the surface points (contactPointPosition: Σ w_k x_k + offset) and colliders at the detection, and the input's
 *      points there (input exclusion), the smallest distances reset to r_q;
 *   2. the candidate pairs: the last search's lists, or a partial or fresh search (hotFeatures);
 *   3. vertex–facet contacts (vertexFacetContacts, Algorithm 2, Eqs. 5.7–5.8) and edge–edge contacts
 *      (edgeEdgeContacts, Algorithm 3, Eq. 5.16), each lowering the smallest distances;
 *   4. planes and untangling (unaryContacts);
 *   5. the bounds b_v (conservativeBounds, Eqs. 5.20–5.25) and the per-vertex gather lists (vertexContactLists).
 * Twin: kernels/contact/ogcDetection.wgsl (docs/kernels.md), which runs a full search at every detection.
 *
 * @param state                the contact (after kinematicPoints and the substep's inputs)
 * @param simulationPositions  #V×3 simulation vertex positions to detect at [m]; copied to positionsAtDetection
 */
export function ogcDetection(state: OgcContactState, simulationPositions: FloatArray): void {
  const { S, rq, data, stats, points, reference, minPoint, minEdge, minTriangle } = state;
  stats.detections++;
  state.positionsAtDetection.set(simulationPositions);
  for (let p = 0; p < S; p++) contactPointPosition(data, p, simulationPositions, false, points, 3 * p);
  points.set(data.obstaclePositions, 3 * S);
  const { referenceStart, referenceEnd, fractionNow } = state;
  state.hasReference = referenceStart !== null && referenceEnd !== null;
  if (state.hasReference) {
    for (let k = 0; k < 3 * S; k++) reference[k] = referenceStart![k] + fractionNow * (referenceEnd![k] - referenceStart![k]);
    reference.set(data.obstaclePositions, 3 * S);
  }
  minPoint.fill(rq);
  minEdge.fill(rq);
  minTriangle.fill(rq);
  data.contactCount = 0;

  state.featureVertexStamp.fill(-1);
  state.featureEdgeStamp.fill(-1);

  const sigma = hotFeatures(state);
  vertexFacetContacts(state, sigma);
  edgeEdgeContacts(state, sigma);
  unaryContacts(state);
  conservativeBounds(state);
  vertexContactLists(state);
  stats.contacts += data.contactCount;
  if (data.contactCount > stats.maxContacts) stats.maxContacts = data.contactCount;
}
