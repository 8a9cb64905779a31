// intersectionFreeEnd: the end of every ARAP edit (arapEdit, the app's release) leaves no new intersection: it
// iterates while some remain, projects points out of planes, and as the last resort moves the involved points back
// toward where the edit started.
import { describe, expect, it } from 'vitest';
import { intersectionChecker } from '../../../../app/intersection/index.ts';
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
    const stats = intersectionFreeEnd(
      vertexContactPoints(2),
      positions,
      [0, 1, 0, 1, 1, 0],
      [planeCollider([0, 1, 0], 0)],
      () => {
        calls++;
        positions[1] += 0.2;
      },
      0.01,
    );
    expect(calls, 'three iterations bring −0.5 to +0.1').toBe(3);
    expect([stats.iterations, stats.unresolved, stats.projectedPoints, stats.revertedPoints, stats.intersections], 'solved by iterating').toEqual([
      3, 0, 0, 0, 0,
    ]);
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

  it('checks the kept positions (keep: the round trip to what is stored) and returns them', () => {
    // Reports point 0 while x > 0.1; the keep rounds x up to a multiple of 0.1 (a stored form that loses detail).
    const collider: ArapCollider = {
      detect: () => undefined,
      begin: () => undefined,
      newIntersections: (points) => (points[0] > 0.1 ? { count: 1, points: Int32Array.of(0) } : { count: 0, points: new Int32Array(0) }),
    };
    const keep = (positions: Float64Array): void => void (positions[0] = Math.ceil(positions[0] * 10 - 1e-9) / 10);
    const positions = new Float64Array([1, 0, 0]);
    const stats = intersectionFreeEnd(vertexContactPoints(1), positions, [0, 0, 0], [collider], () => undefined, 0.01, 0, { keep });
    // Without keep the halvings stop at 1/16; kept, 1 → 0.5 → 0.3 (0.25 up) → 0.2 (0.15 up) → 0.1.
    expect(positions[0], 'the result is a kept value, the one the check passed').toBeCloseTo(0.1, 12);
    expect(stats.intersections, 'nothing left').toBe(0);
    const none = new Float64Array([0.3, 0, 0]);
    intersectionFreeEnd(vertexContactPoints(1), none, [0, 0, 0], [], () => undefined, 0.01, 0, { keep: (p) => void (p[0] = 0.25) });
    expect(none[0], 'without colliders the positions are still kept').toBe(0.25);
  });

  it('with the surface, the last resort does not fold it through itself (moving one point back alone would)', () => {
    // Triangle A (points 0–2) lies in z = 0; triangle B (3–5) started off to the side (x ≈ 5) and was edited to hang
    // above A. A collider objects to point 5 above z = 0.2: moving it back alone drives B's edge 3–5 through A.
    const triangles = [0, 1, 2, 3, 4, 5];
    const start = [-1, -1, 0, 1, -1, 0, 0, 1, 0, 5, 0, 1, 5.1, 0, 1, 0.2, 0, -1];
    const edited = [-1, -1, 0, 1, -1, 0, 0, 1, 0, 0, 0, 1, 0.1, 0, 1, 0, 0, 0.5];
    const checker = intersectionChecker([{ name: 'surface', triangles, vertexCount: 6 }]);
    expect([checker.check([start]).total, checker.check([edited]).total], 'neither the start nor the edit intersects itself').toEqual([0, 0]);
    const collider: ArapCollider = {
      detect: () => undefined,
      begin: () => undefined,
      newIntersections: (points) => (points[17] > 0.2 ? { count: 1, points: Int32Array.of(5) } : { count: 0, points: new Int32Array(0) }),
    };
    const alone = Float64Array.from(edited);
    intersectionFreeEnd(vertexContactPoints(6), alone, start, [collider], () => undefined, 0.01, 0);
    expect(checker.check([alone]).total, 'without the surface, the point moved back alone crosses A').toBeGreaterThan(0);
    const guarded = Float64Array.from(edited);
    const stats = intersectionFreeEnd(vertexContactPoints(6), guarded, start, [collider], () => undefined, 0.01, 0, { surfaceTriangles: triangles });
    expect(checker.check([guarded]).total, 'with the surface, no self-intersection at the end').toBe(0);
    expect(stats.intersections, 'and none with the collider').toBe(0);
    expect(guarded[17], 'point 5 was moved back').toBeLessThanOrEqual(0.2);
  });
});
