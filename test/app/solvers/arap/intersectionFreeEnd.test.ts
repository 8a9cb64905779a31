// intersectionFreeEnd: the end of every ARAP edit (arapEdit, the app's release) leaves no new intersection: it
// iterates while some remain, projects points out of planes, and as the last resort moves the involved points back
// toward where the edit started.
import { describe, expect, it } from 'vitest';
import { intersectionFreeEnd } from '../../../../app/solvers/arap/intersectionFreeEnd.ts';
import { planeCollider } from '../../../../app/solvers/arap/planeCollider.ts';
import type { ArapCollider } from '../../../../app/solvers/arap/types.ts';
import { vertexContactPoints } from '../../../../app/solvers/arap/vertexContactPoints.ts';

describe('intersectionFreeEnd', () => {
  it('with no collider does nothing', () => {
    const positions = new Float64Array([0, -1, 0]);
    const stats = intersectionFreeEnd(vertexContactPoints(1), positions, [0, 1, 0], [], () => void (positions[1] = 5), 0.01);
    expect([stats.iterations, stats.intersections, positions[1]], 'untouched').toEqual([0, 0, -1]);
  });

  it('iterates while a solve can still resolve it (the iteration lifts the point out of the floor)', () => {
    const positions = new Float64Array([0, -0.5, 0, 1, 1, 0]);
    let calls = 0;
    const stats = intersectionFreeEnd(vertexContactPoints(2), positions, [0, 1, 0, 1, 1, 0], [planeCollider([0, 1, 0], 0)], () => {
      calls++;
      positions[1] += 0.2;
    }, 0.01);
    expect(calls, 'three iterations bring −0.5 to +0.1').toBe(3);
    expect([stats.iterations, stats.unresolved, stats.projectedPoints, stats.revertedPoints, stats.intersections], 'solved by iterating').toEqual([3, 0, 0, 0, 0]);
  });

  it('projects a point a solve leaves inside a plane out along its normal, to the skin', () => {
    const positions = new Float64Array([0, -0.5, 0]);
    const stats = intersectionFreeEnd(vertexContactPoints(1), positions, [0, 1, 0], [planeCollider([0, 1, 0], 0)], () => undefined, 0.01, 5);
    expect([stats.iterations, stats.unresolved, stats.projectedPoints, stats.intersections], 'five useless iterations, then projected').toEqual([5, 1, 1, 0]);
    expect(positions[1], 'on the plane plus the skin').toBeCloseTo(0.01, 12);
  });

  it('moves the points of a stateful collider’s new intersection back toward the start until there is none', () => {
    // A collider that reports point 0 while it is more than 0.1 from its start (x = 0): only the last resort can fix it.
    const collider: ArapCollider = {
      detect: () => undefined,
      begin: () => undefined,
      newIntersections: (points) => (Math.abs(points[0]) > 0.1 ? { count: 1, points: Int32Array.of(0) } : { count: 0, points: new Int32Array(0) }),
    };
    const positions = new Float64Array([1, 0, 0, 2, 0, 0]);
    const stats = intersectionFreeEnd(vertexContactPoints(2), positions, [0, 0, 0, 2, 0, 0], [collider], () => undefined, 0.01, 2);
    expect([stats.unresolved, stats.projectedPoints, stats.revertedPoints, stats.intersections], 'reverted, nothing left').toEqual([1, 0, 1, 0]);
    expect(positions[0], 'halved four times: 1 → 1/16').toBeCloseTo(1 / 16, 12);
    expect(positions[3], 'an uninvolved point keeps its edit').toBe(2);
  });
});
