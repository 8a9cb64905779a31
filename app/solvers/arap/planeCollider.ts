import { pushContact } from './contactList.ts';
import type { ArapCollider } from './types.ts';

/**
 * An analytic plane collider: the half-space n·x ≥ offset is free, the other side is solid (the CLI's
 * `{ plane: { normal, offset } }`). Every contact point closer than the margin gets the sliding constraint
 * n·x_p ≥ offset on the plane itself (seed 004 Eqs. 3.20–3.21; the plane is its own tangent plane, so the
 * constraint is exact, not linearized).
 *
 * @param normal  3 numbers, the free side's direction (any length > 0; normalized here, offset with it)
 * @param offset  plane offset d of n·x = d [m], for the given normal's length
 * @returns the collider
 * @throws RangeError for a zero or non-finite normal or a non-finite offset
 */
export function planeCollider(normal: ArrayLike<number>, offset: number): ArapCollider {
  const length = Math.hypot(normal[0], normal[1], normal[2]);
  if (!(length > 0) || !Number.isFinite(length)) throw new RangeError('planeCollider: the normal must be a finite nonzero vector');
  if (!Number.isFinite(offset)) throw new RangeError('planeCollider: the offset must be finite');
  const nx = normal[0] / length;
  const ny = normal[1] / length;
  const nz = normal[2] / length;
  const d = offset / length;
  return {
    detect(points, margin, contacts) {
      const count = points.length / 3;
      for (let p = 0; p < count; p++) {
        const distance = nx * points[3 * p] + ny * points[3 * p + 1] + nz * points[3 * p + 2] - d;
        if (distance < margin) pushContact(contacts, p, nx, ny, nz, d, distance);
      }
    },
    newIntersections(points) {
      const inside: number[] = [];
      for (let p = 0; p < points.length / 3; p++) if (nx * points[3 * p] + ny * points[3 * p + 1] + nz * points[3 * p + 2] < d) inside.push(p);
      return { count: inside.length, points: Int32Array.from(inside) };
    },
  };
}
