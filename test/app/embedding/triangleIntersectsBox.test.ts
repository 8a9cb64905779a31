// triangleIntersectsBox agrees with three.js Box3.intersectsTriangle (an independent SAT implementation) on
// random triangles and boxes, including degenerate triangles and touching contact.
import { Box3, Triangle, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { triangleIntersectsBox } from '../../../app/embedding/triangleIntersectsBox.ts';
import { random } from '../math/sparse/helpers.ts';

describe('triangleIntersectsBox', () => {
  it('matches three.js Box3.intersectsTriangle on 20,000 random cases', () => {
    const next = random(5);
    let hits = 0;
    for (let trial = 0; trial < 20000; trial++) {
      const corners = Array.from({ length: 9 }, () => next() * 4 - 2);
      if (trial % 10 === 0) corners.splice(6, 3, corners[0], corners[1], corners[2]); // degenerate: repeated corner
      const center = [next() - 0.5, next() - 0.5, next() - 0.5];
      const half = [0.2 + next(), 0.2 + next(), 0.2 + next()];
      const box = new Box3(
        new Vector3(center[0] - half[0], center[1] - half[1], center[2] - half[2]),
        new Vector3(center[0] + half[0], center[1] + half[1], center[2] + half[2]),
      );
      const triangle = new Triangle(
        new Vector3(corners[0], corners[1], corners[2]),
        new Vector3(corners[3], corners[4], corners[5]),
        new Vector3(corners[6], corners[7], corners[8]),
      );
      const expected = box.intersectsTriangle(triangle);
      const got = triangleIntersectsBox(corners, center, half);
      if (got) hits++;
      if (got !== expected) expect(got, `trial ${trial}: ${corners.join(',')} vs box ${center.join(',')} ± ${half.join(',')}`).toBe(expected);
    }
    expect(hits, 'both outcomes are exercised').toBeGreaterThan(2000);
  });

  it('counts a triangle lying on a box face as touching', () => {
    const face = [1, 0, 0, 1, 1, 0, 1, 0, 1];
    expect(triangleIntersectsBox(face, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]), 'on the x = 1 face').toBe(true);
    expect(triangleIntersectsBox(face, [-0.5, 0.5, 0.5], [0.499, 0.5, 0.5]), 'just short of it').toBe(false);
  });
});
