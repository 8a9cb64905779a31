// planeCollider: reports points within the margin of the plane with its unit normal and offset, and counts points
// inside as intersections.
import { describe, expect, it } from 'vitest';
import { createContactList } from '../../../../app/solvers/arap/contactList.ts';
import { planeCollider } from '../../../../app/solvers/arap/planeCollider.ts';

describe('planeCollider', () => {
  it('normalizes the plane and reports the points below the margin with their signed distances', () => {
    const plane = planeCollider([0, 2, 0], 2); // y ≥ 1
    const points = Float64Array.from([0, 0.5, 0, 0, 1.005, 0, 0, 3, 0]);
    const contacts = createContactList(1);
    plane.detect(points, 0.01, contacts);
    expect(Array.from(contacts.point.subarray(0, contacts.count)), 'points within the margin').toEqual([0, 1]);
    expect(Array.from(contacts.normal.subarray(0, 3)), 'unit normal').toEqual([0, 1, 0]);
    expect(contacts.offset[0], 'offset for the unit normal').toBe(1);
    expect(contacts.distance[0], 'signed distance').toBeCloseTo(-0.5, 12);
    expect(plane.newIntersections?.(points).count, 'one point inside').toBe(1);
  });
  it('refuses a zero normal', () => {
    expect(() => planeCollider([0, 0, 0], 0), 'zero normal').toThrow(/nonzero/);
  });
});
