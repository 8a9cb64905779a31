import { contactActivation } from '../../solvers/vbd/index.ts';
import { grownArray } from '../../math/index.ts';
import type { OgcContactState } from './types.ts';

/**
 * Appends one contact to the contact data the vertex solve gathers from (VbdContactData): its kind, up to four points
 * with their weights (the friction weights of the contact point's barycentric combination, seed 000 Eq. 5.2's c(x, a)),
 * the unit normal, and the normal force magnitude λ = −g′(d)·mollifier of OGC's two-stage activation g (seed 000
 * §5.1.8, Eq. 5.17; contactActivation), which the friction of §5.1.8.1 is lagged from. The energy, force and Hessian
 * per vertex are evaluated from these entries by app/solvers/vbd/evaluateContactForceHessian.ts. The arrays grow
 * (doubling) when full. Twin: `addContact` in kernels/contact/ogcDetection.wgsl (an atomic counter there).
 *
 * @param state      the contact (state.data grows; state.r, data.stiffness read)
 * @param kind       CONTACT_KIND (vertexFace, vertexEdge, vertexVertex, edgeEdge, vertexPlane, pointTarget)
 * @param p0         the contact's points (surface or collider point indices; a plane index for vertexPlane)
 * @param b0         their weights (1 for the first side, minus the barycentrics of the other)
 * @param nx         unit normal from the second side to the first
 * @param distance   d [m]
 * @param mollifier  the edge–edge parallel mollifier (1 otherwise)
 */
export function appendContact(
  state: OgcContactState,
  kind: number,
  p0: number,
  p1: number,
  p2: number,
  p3: number,
  b0: number,
  b1: number,
  b2: number,
  b3: number,
  nx: number,
  ny: number,
  nz: number,
  distance: number,
  mollifier: number,
): void {
  const { data, activation } = state;
  const c = data.contactCount;
  if (c >= data.contactKinds.length) {
    const size = 2 * data.contactKinds.length;
    data.contactKinds = grownArray(data.contactKinds, size);
    data.contactPoints = grownArray(data.contactPoints, 4 * size);
    data.contactFrictionWeights = grownArray(data.contactFrictionWeights, 4 * size);
    data.contactNormals = grownArray(data.contactNormals, 3 * size);
    data.contactNormalForces = grownArray(data.contactNormalForces, size);
  }
  data.contactKinds[c] = kind;
  const o = 4 * c;
  data.contactPoints[o] = p0;
  data.contactPoints[o + 1] = p1;
  data.contactPoints[o + 2] = p2;
  data.contactPoints[o + 3] = p3;
  data.contactFrictionWeights[o] = b0;
  data.contactFrictionWeights[o + 1] = b1;
  data.contactFrictionWeights[o + 2] = b2;
  data.contactFrictionWeights[o + 3] = b3;
  data.contactNormals[3 * c] = nx;
  data.contactNormals[3 * c + 1] = ny;
  data.contactNormals[3 * c + 2] = nz;
  contactActivation(distance, state.r, data.stiffness, activation);
  data.contactNormalForces[c] = -activation[1] * mollifier;
  data.contactCount = c + 1;
}
