/**
 * A collider whose search runs once per drag event instead of once per iteration: the Pose tool's drag iterates a
 * few times per event, and an expensive search (self-contact: a winding-number tree and a query per vertex; a
 * collider mesh: a query per vertex) would cost more than the solve itself. Between two refreshes, detect() hands
 * back the contacts the last search found (their planes are sliding constraints, still right for a shape that moved
 * a little within one event); begin() and the end-of-edit check (newIntersections) go straight to the collider.
 * A search keeps at most `maxContacts` contacts, the deepest (smallest signed distance) first: the full-space solver
 * pays a back-substitution per new contact point and a dense Schur solve over all rows, so a part pressed flat into
 * the mesh (1,335 rows on the Blob) made one iteration cost seconds; what is dropped is caught by the end-of-edit
 * check (intersectionFreeEnd).
 *
 * Measured on the sample's Blob (3,150 welded vertices, self-contact, the 2-core CI machine under load): one search
 * 90–210 ms, the 4 iterations of a drag event without contact about 9 ms.
 */
import { copyContact, createContactList } from '../../app/solvers/arap/index.ts';
import type { ArapCollider } from '../../app/solvers/arap/index.ts';

export interface ThrottledCollider {
  readonly collider: ArapCollider;
  /** the next detect() searches again */
  refresh(): void;
}

/**
 * @param inner        the collider to search with
 * @param maxContacts  most contacts one search keeps (default: all)
 * @returns the throttled collider (searching on its first detect) and its refresh
 */
export function throttledCollider(inner: ArapCollider, maxContacts = Infinity): ThrottledCollider {
  const found = createContactList();
  let last = createContactList();
  let stale = true;
  const collider: ArapCollider = {
    detect(points, margin, contacts) {
      if (stale) {
        found.count = 0;
        inner.detect(points, margin, found);
        stale = false;
        if (found.count <= maxContacts) {
          last.count = 0;
          for (let c = 0; c < found.count; c++) copyContact(found, c, last);
        } else {
          const order = Array.from({ length: found.count }, (_, c) => c).sort((a, b) => found.distance[a] - found.distance[b]);
          last = createContactList(maxContacts);
          for (let k = 0; k < maxContacts; k++) copyContact(found, order[k], last);
        }
      }
      for (let c = 0; c < last.count; c++) copyContact(last, c, contacts);
    },
  };
  if (inner.begin) collider.begin = (points) => inner.begin!(points);
  if (inner.newIntersections) collider.newIntersections = (points) => inner.newIntersections!(points);
  if (inner.rebase)
    collider.rebase = (points) => {
      inner.rebase!(points);
      stale = true;
    };
  return {
    collider,
    refresh() {
      stale = true;
    },
  };
}
