// triangleSolidAngle (Van Oosterom & Strackee): the octant triangle subtends an eighth of the sphere at the origin;
// reversing the corners flips the sign; the faces of a closed cube sum to 4π at a point inside and to 0 outside,
// whatever the point (the solid angles of a closed surface, Gauss; summed by the indexed triangleSolidAngleAt).
import { describe, expect, it } from 'vitest';
import { triangleSolidAngle, triangleSolidAngleAt } from '../../../app/geometry/index.ts';

/** ΣΩ of the unit cube's 12 outward triangles at point q (triangleSolidAngleAt over the corner array). */
function cubeSolidAngle(q: [number, number, number]): number {
  const corners = [0, 1].flatMap((x) => [0, 1].flatMap((y) => [0, 1].map((z) => [x, y, z])));
  const positions = Float64Array.from(corners.flat());
  const at = (x: number, y: number, z: number) => corners.findIndex((c) => c[0] === x && c[1] === y && c[2] === z);
  // Quads as corner lists, counter-clockwise seen from outside.
  const quads = [
    [at(0, 0, 0), at(0, 1, 0), at(1, 1, 0), at(1, 0, 0)],
    [at(0, 0, 1), at(1, 0, 1), at(1, 1, 1), at(0, 1, 1)],
    [at(0, 0, 0), at(1, 0, 0), at(1, 0, 1), at(0, 0, 1)],
    [at(0, 1, 0), at(0, 1, 1), at(1, 1, 1), at(1, 1, 0)],
    [at(0, 0, 0), at(0, 0, 1), at(0, 1, 1), at(0, 1, 0)],
    [at(1, 0, 0), at(1, 1, 0), at(1, 1, 1), at(1, 0, 1)],
  ];
  let total = 0;
  for (const [a, b, c, d] of quads) {
    for (const [i, j, k] of [
      [a, b, c],
      [a, c, d],
    ]) {
      total += triangleSolidAngleAt(positions, i, j, k, q[0], q[1], q[2]);
    }
  }
  return total;
}

describe('triangleSolidAngle', () => {
  it('the octant triangle subtends 4π/8 at the origin, and −4π/8 with its corners reversed', () => {
    expect(triangleSolidAngle(1, 0, 0, 0, 1, 0, 0, 0, 1), 'counter-clockwise seen from the origin').toBeCloseTo(Math.PI / 2, 12);
    expect(triangleSolidAngle(1, 0, 0, 0, 0, 1, 0, 1, 0), 'reversed').toBeCloseTo(-Math.PI / 2, 12);
    // A tiny far triangle: Ω ≈ area·cos θ / d².
    expect(triangleSolidAngle(-1e-3, -1e-3, 10, 1e-3, -1e-3, 10, 0, 1e-3, 10) / (2e-6 / 100), 'small-triangle limit').toBeCloseTo(1, 6);
  });

  it('a closed cube: 4π at points inside, 0 outside', () => {
    for (const q of [
      [0.5, 0.5, 0.5],
      [0.01, 0.9, 0.3],
      [0.99, 0.01, 0.98],
    ] as [number, number, number][])
      expect(cubeSolidAngle(q), `inside at ${q}`).toBeCloseTo(4 * Math.PI, 10);
    for (const q of [
      [1.5, 0.5, 0.5],
      [-0.01, 0.5, 0.5],
      [3, -2, 7],
    ] as [number, number, number][])
      expect(cubeSolidAngle(q), `outside at ${q}`).toBeCloseTo(0, 10);
  });
});
