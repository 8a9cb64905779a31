import { describe, expect, it } from 'vitest';
import { segmentTriangleIntersection, SegmentTriangleContact } from '../../../app/intersection/index.ts';

// Triangle (0,0,0) (1,0,0) (0,1,0) is vertices 0..2; the segment is vertices 3, 4.
function classify(p: number[], q: number[], triangle = [0, 0, 0, 1, 0, 0, 0, 1, 0]): number {
  return segmentTriangleIntersection([...triangle, ...p, ...q], 3, 4, 0, 1, 2);
}

describe('segmentTriangleIntersection', () => {
  it('finds a segment crossing the interior and misses one that passes beside or stops short', () => {
    expect(classify([0.2, 0.2, -1], [0.2, 0.2, 1]), 'through the interior').toBe(SegmentTriangleContact.Crossing);
    expect(classify([0.8, 0.8, -1], [0.8, 0.8, 1]), 'beside the hypotenuse').toBe(SegmentTriangleContact.None);
    expect(classify([0.2, 0.2, 0.5], [0.2, 0.2, 1]), 'above the plane').toBe(SegmentTriangleContact.None);
    expect(classify([0.2, 0.2, -1], [0.3, 0.3, -0.1]), 'below the plane').toBe(SegmentTriangleContact.None);
  });

  it('counts touching as intersecting: an endpoint on the triangle, a segment through a corner or an edge', () => {
    expect(classify([0.2, 0.2, 0], [0.2, 0.2, 1]), 'endpoint on the face').toBe(SegmentTriangleContact.Crossing);
    expect(classify([0, 0, -1], [0, 0, 1]), 'through a corner').toBe(SegmentTriangleContact.Crossing);
    expect(classify([0.5, 0.5, -1], [0.5, 0.5, 1]), 'through the hypotenuse').toBe(SegmentTriangleContact.Crossing);
  });

  it('is exact: a segment through a point of the hypotenuse touches, the same segment one ulp outside misses', () => {
    // The hypotenuse x + y = 1 holds exactly at (0.25, 0.75); moving x up by one ulp leaves the triangle by ~5.6e-17.
    const x = 0.25;
    const outside = x + Number.EPSILON / 4;
    expect(outside, 'the shifted coordinate is a different double').not.toBe(x);
    expect(classify([x, 0.75, -1], [x, 0.75, 1]), 'on the hypotenuse').toBe(SegmentTriangleContact.Crossing);
    expect(classify([outside, 0.75, -1], [outside, 0.75, 1]), 'one ulp outside').toBe(SegmentTriangleContact.None);
    // A segment whose endpoint lies 1e-300 above the plane does not reach it.
    expect(classify([0.2, 0.2, 1e-300], [0.2, 0.2, 1]), 'endpoint just above the plane').toBe(SegmentTriangleContact.None);
  });

  it('decides coplanar segments in the plane: crossing, inside, and disjoint', () => {
    expect(classify([-1, 0.2, 0], [2, 0.2, 0]), 'crosses the triangle in its plane').toBe(SegmentTriangleContact.Coplanar);
    expect(classify([0.1, 0.1, 0], [0.2, 0.2, 0]), 'inside the triangle').toBe(SegmentTriangleContact.Coplanar);
    expect(classify([2, 2, 0], [3, 1, 0]), 'beside it in the plane').toBe(SegmentTriangleContact.None);
  });

  it('reports degenerate input instead of deciding: a zero-area triangle, a zero-length segment', () => {
    expect(classify([0.2, 0.2, -1], [0.2, 0.2, 1], [0, 0, 0, 1, 1, 1, 2, 2, 2]), 'collinear corners').toBe(SegmentTriangleContact.Degenerate);
    expect(classify([0.2, 0.2, -1], [0.2, 0.2, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0]), 'one point').toBe(SegmentTriangleContact.Degenerate);
    expect(classify([0.2, 0.2, 0], [0.2, 0.2, 0]), 'zero-length segment').toBe(SegmentTriangleContact.Degenerate);
  });
});
