import { CONTACT_KIND } from './types.ts';

/**
 * How many of a contact's four point slots (VbdContactData.contactPoints[4c..4c+4]) its kind uses: 1 for vertexPlane
 * and pointTarget, 2 for vertexVertex, 3 for vertexEdge, 4 for vertexFace and edgeEdge (seed 000 Eqs. 5.7–5.9 and
 * 5.13–5.16: the point blocks of each kind, CONTACT_KIND's slot lists). Small enough to inline in the vertex solve.
 *
 * @param kind  CONTACT_KIND value
 * @returns the number of slots used (1–4)
 */
export function contactSlotCount(kind: number): number {
  return kind === CONTACT_KIND.vertexPlane || kind === CONTACT_KIND.pointTarget
    ? 1
    : kind === CONTACT_KIND.vertexVertex
      ? 2
      : kind === CONTACT_KIND.vertexEdge
        ? 3
        : 4;
}
