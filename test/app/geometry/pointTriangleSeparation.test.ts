// pointTriangleSeparation: a lower bound of the point–triangle distance that the broad phase trusts to drop pairs, so
// it must never exceed the exact distance (three.js's closest point; random, sliver and zero-area triangles), and it
// must be tight where the centroid axis is the separating direction.
import { Triangle, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { pointTriangleSeparation } from '../../../app/geometry/pointTriangleSeparation.ts';
import { random } from '../math/sparse/helpers.ts';

describe('pointTriangleSeparation', () => {
  it('never exceeds the exact distance (three.js Triangle.closestPointToPoint) on 20,000 random pairs', () => {
    const next = random(3);
    const positions = new Float64Array(9);
    const triangle = new Triangle();
    const point = new Vector3();
    const closest = new Vector3();
    let worst = -Infinity;
    let positive = 0;
    for (let trial = 0; trial < 20000; trial++) {
      for (let k = 0; k < 9; k++) positions[k] = 4 * next() - 2;
      const kind = trial % 4;
      if (kind === 1) positions.copyWithin(6, 3, 6); // two corners coincide
      if (kind === 2) for (let k = 0; k < 3; k++) positions[6 + k] = positions[k] + (next() * 2 - 0.5) * (positions[3 + k] - positions[k]); // collinear corners
      if (kind === 3) {
        positions.copyWithin(3, 0, 3);
        positions.copyWithin(6, 0, 3); // a single point
      }
      point.set(4 * next() - 2, 4 * next() - 2, 4 * next() - 2);
      triangle.set(new Vector3().fromArray(positions, 0), new Vector3().fromArray(positions, 3), new Vector3().fromArray(positions, 6));
      let exact: number;
      if (kind === 0) exact = triangle.closestPointToPoint(point, closest).distanceTo(point);
      else {
        // three.js's closest point assumes a proper triangle: the exact distance of a degenerate one is its edges'.
        exact = Infinity;
        for (let e = 0; e < 3; e++) {
          const a = new Vector3().fromArray(positions, 3 * e), b = new Vector3().fromArray(positions, 3 * ((e + 1) % 3));
          const ab = b.clone().sub(a);
          const length2 = ab.lengthSq();
          const s = length2 > 0 ? Math.min(1, Math.max(0, point.clone().sub(a).dot(ab) / length2)) : 0;
          exact = Math.min(exact, a.clone().addScaledVector(ab, s).distanceTo(point));
        }
      }
      const bound = pointTriangleSeparation(positions, 0, 1, 2, point.x, point.y, point.z);
      expect(Number.isFinite(bound), `finite bound at trial ${trial}`).toBe(true);
      worst = Math.max(worst, bound - exact);
      if (bound > 0) positive++;
    }
    expect(worst, 'largest excess of the bound over the exact distance').toBeLessThan(1e-12);
    expect(positive, 'pairs the bound separates (it must reject something to be worth computing)').toBeGreaterThan(2000);
  });

  it('is the exact distance straight out from a corner along the centroid axis, and 0 at the centroid', () => {
    // Equilateral-ish: corners at (1, 0, 0), (−½, ±√3/2, 0), centroid at the origin; the point 3 beyond corner a.
    const h = Math.sqrt(3) / 2;
    const positions = new Float64Array([1, 0, 0, -0.5, h, 0, -0.5, -h, 0]);
    expect(pointTriangleSeparation(positions, 0, 1, 2, 4, 0, 0), 'gap beyond a corner').toBeCloseTo(3, 14);
    expect(pointTriangleSeparation(positions, 0, 1, 2, 0, 0, 2), 'above the face: the plane distance').toBeCloseTo(2, 14);
    expect(pointTriangleSeparation(positions, 0, 1, 2, 0, 0, 0), 'at the centroid').toBe(0);
  });
});
