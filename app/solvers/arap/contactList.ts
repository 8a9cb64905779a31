import type { ArapContactList } from './types.ts';

/**
 * An empty contact list with room for `capacity` contacts; pushContact grows it (doubling, so growth allocates
 * O(log count) times over a session and never in a steady state).
 *
 * @param capacity  initial capacity (default 64)
 * @returns the list
 */
export function createContactList(capacity = 64): ArapContactList {
  return {
    count: 0,
    point: new Int32Array(capacity),
    normal: new Float64Array(3 * capacity),
    offset: new Float64Array(capacity),
    otherPoints: new Int32Array(3 * capacity).fill(-1),
    otherWeights: new Float64Array(3 * capacity),
    distance: new Float64Array(capacity),
    collider: new Int32Array(capacity),
  };
}

/**
 * Appends one contact (types.ts ArapContactList; seed 004 Eqs. 3.20–3.23) and returns its index.
 *
 * @param list      the list
 * @param point     contact point p
 * @param nx        unit normal x (free side)
 * @param ny        unit normal y
 * @param nz        unit normal z
 * @param offset    constraint right-hand side: n·x_p (− Σ w n·x_q) ≥ offset [m]
 * @param distance  signed distance at detection [m]
 * @param other     optional self-contact side: up to 3 points q_i and weights w_i
 * @returns the contact's index
 */
export function pushContact(
  list: ArapContactList,
  point: number,
  nx: number,
  ny: number,
  nz: number,
  offset: number,
  distance: number,
  other?: { points: ArrayLike<number>; weights: ArrayLike<number> },
): number {
  if (list.count === list.point.length) grow(list);
  const c = list.count++;
  list.point[c] = point;
  list.normal[3 * c] = nx;
  list.normal[3 * c + 1] = ny;
  list.normal[3 * c + 2] = nz;
  list.offset[c] = offset;
  list.distance[c] = distance;
  list.collider[c] = 0;
  for (let i = 0; i < 3; i++) {
    list.otherPoints[3 * c + i] = other && i < other.points.length ? other.points[i] : -1;
    list.otherWeights[3 * c + i] = other && i < other.weights.length ? other.weights[i] : 0;
  }
  return c;
}

/**
 * Appends contact c of `from` to `to`, growing `to` when full.
 *
 * @param from  source list
 * @param c     contact index in `from`
 * @param to    destination list
 */
export function copyContact(from: ArapContactList, c: number, to: ArapContactList): void {
  if (to.count === to.point.length) grow(to);
  setContact(to, to.count++, from, c);
}

/**
 * Writes contact `c` of `from` over slot `d` of `to` (which may be `from` itself: compaction in place).
 *
 * @param to    destination list (slot d < its capacity)
 * @param d     destination slot
 * @param from  source list
 * @param c     contact index in `from`
 */
export function setContact(to: ArapContactList, d: number, from: ArapContactList, c: number): void {
  to.point[d] = from.point[c];
  to.offset[d] = from.offset[c];
  to.distance[d] = from.distance[c];
  to.collider[d] = from.collider[c];
  for (let i = 0; i < 3; i++) {
    to.normal[3 * d + i] = from.normal[3 * c + i];
    to.otherPoints[3 * d + i] = from.otherPoints[3 * c + i];
    to.otherWeights[3 * d + i] = from.otherWeights[3 * c + i];
  }
}

function grow(list: ArapContactList): void {
  const capacity = Math.max(16, 2 * list.point.length);
  const copy = <T extends Int32Array | Float64Array>(array: T, size: number, fill = 0): T => {
    const next = new (array.constructor as { new (n: number): T })(size).fill(fill) as T;
    next.set(array);
    return next;
  };
  list.point = copy(list.point, capacity);
  list.normal = copy(list.normal, 3 * capacity);
  list.offset = copy(list.offset, capacity);
  list.otherPoints = copy(list.otherPoints, 3 * capacity, -1);
  list.otherWeights = copy(list.otherWeights, 3 * capacity);
  list.distance = copy(list.distance, capacity);
  list.collider = copy(list.collider, capacity);
}
