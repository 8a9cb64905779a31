// throttledCollider: the Pose tool's drag searches the expensive colliders once per drag event; between refreshes
// the last search's contacts come back unchanged, and begin / the end-of-edit check reach the collider itself.
import { describe, expect, it } from 'vitest';
import { createContactList, planeCollider, pushContact, type ArapCollider } from '../../../app/solvers/arap/index.ts';
import { throttledCollider } from '../../../renderer/workers/throttledCollider.ts';

describe('throttledCollider', () => {
  it('searches on the first detect and after each refresh only, replaying the last contacts in between', () => {
    let searches = 0;
    const inner: ArapCollider = {
      detect(points, _margin, contacts) {
        searches++;
        // One contact per search, on the point's current height, so a replay is told apart from a new search.
        pushContact(contacts, 0, 0, 1, 0, 0, points[1]);
      },
    };
    const { collider, refresh } = throttledCollider(inner);
    const list = createContactList();
    collider.detect(new Float64Array([0, -0.5, 0]), 0, list);
    collider.detect(new Float64Array([0, -0.9, 0]), 0, list);
    expect(searches, 'one search for two detects').toBe(1);
    expect([list.count, list.distance[0], list.distance[1]], 'the first search’s contact, twice').toEqual([2, -0.5, -0.5]);
    refresh();
    list.count = 0;
    collider.detect(new Float64Array([0, -0.9, 0]), 0, list);
    expect([searches, list.distance[0]], 'a refresh searches again at the new positions').toEqual([2, -0.9]);
  });

  it('passes begin and newIntersections through, and has no begin when the collider has none', () => {
    const calls: string[] = [];
    const inner: ArapCollider = {
      detect: () => undefined,
      begin: () => void calls.push('begin'),
      newIntersections: () => (calls.push('check'), { count: 3, points: Int32Array.of(1) }),
    };
    const { collider } = throttledCollider(inner);
    collider.begin?.(new Float64Array(3));
    expect(collider.newIntersections?.(new Float64Array(3)).count, 'the collider’s own count').toBe(3);
    expect(calls, 'both reached it').toEqual(['begin', 'check']);
    const plain = throttledCollider(planeCollider([0, 1, 0], 0)).collider;
    expect(plain.begin, 'a plane has no begin (point-wise: the end projects out of it), and the wrapper adds none').toBeUndefined();
    expect(plain.newIntersections?.(new Float64Array([0, -1, 0])).count, 'its own check: the point below').toBe(1);
  });

  it('keeps at most maxContacts per search, the deepest first', () => {
    // Five points below the plane y = 0 at depths 0.1 … 0.5 (in a shuffled order).
    const points = new Float64Array([0, -0.3, 0, 0, -0.1, 0, 0, -0.5, 0, 0, -0.2, 0, 0, -0.4, 0]);
    const { collider } = throttledCollider(planeCollider([0, 1, 0], 0), 2);
    const list = createContactList();
    collider.detect(points, 0, list);
    expect(Array.from(list.point.subarray(0, list.count)), 'the two deepest points, deepest first').toEqual([2, 4]);
  });
});
