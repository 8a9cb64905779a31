import { CONTACT_KIND } from '../../solvers/vbd/index.ts';
import { appendContact } from './appendContact.ts';
import type { OgcContactState } from './types.ts';

/**
 * The unary contacts of one detection: each surface point against each analytic plane (a vertex–plane contact within
 * r, the plane's distance lowering the point's d_min,v within r_q, Eqs. 5.1, 5.21; a point below the plane in the
 * input is not bounded by it, no bound could hold it out), then each point to untangle pulled toward its target
 * (CONTACT_KIND.pointTarget, k_c/2‖x − t‖², no normal force and no friction: distance r). Twin: the `unaryContacts`
 * kernel of kernels/contact/ogcDetection.wgsl.
 *
 * @param state  the contact at a detection (points, reference, planes, untangle); appends contacts, lowers minPoint
 */
export function unaryContacts(state: OgcContactState): void {
  const { S, r, rq, planes, planeCount, points, reference, hasReference, minPoint, untangle } = state;
  // Planes: a unary contact per surface point.
  for (let p = 0; p < S; p++) {
    for (let q = 0; q < planeCount; q++) {
      const n0 = planes[4 * q],
        n1 = planes[4 * q + 1],
        n2 = planes[4 * q + 2],
        offset = planes[4 * q + 3];
      const distance = n0 * points[3 * p] + n1 * points[3 * p + 1] + n2 * points[3 * p + 2] + offset;
      if (distance >= rq) continue;
      // A point below the plane in the input, or now, is not bounded by it (no bound can hold it out).
      const referenceBelow = hasReference && n0 * reference[3 * p] + n1 * reference[3 * p + 1] + n2 * reference[3 * p + 2] + offset < 0;
      if (referenceBelow) continue;
      if (distance > 0 && distance < minPoint[p]) minPoint[p] = distance;
      if (distance < r) appendContact(state, CONTACT_KIND.vertexPlane, p, q, 0, 0, 1, 0, 0, 0, n0, n1, n2, distance, 1);
    }
  }

  // Untangling pulls toward the input (no force along a normal, no friction: distance r).
  if (untangle !== null)
    for (let p = 0; p < S; p++) if (untangle[p] === 1) appendContact(state, CONTACT_KIND.pointTarget, p, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, r, 1);
}
