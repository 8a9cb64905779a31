// triangleNormal: (b − a) × (c − a) is the unit normal times twice the area, checked against three.js's
// Triangle.getNormal and getArea on random triangles; collinear corners give exactly zero.
import { Triangle, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { triangleNormal } from '../../../app/geometry/triangleNormal.ts';
import { random } from '../math/sparse/helpers.ts';

describe('triangleNormal', () => {
  it('equals three.js unit normal × 2·area on 1,000 random triangles', () => {
    const next = random(7);
    const positions = new Float64Array(9);
    const out = new Float64Array(3);
    let worst = 0;
    for (let trial = 0; trial < 1000; trial++) {
      for (let k = 0; k < 9; k++) positions[k] = 4 * next() - 2;
      triangleNormal(positions, 0, 1, 2, out);
      const triangle = new Triangle(new Vector3().fromArray(positions, 0), new Vector3().fromArray(positions, 3), new Vector3().fromArray(positions, 6));
      const expected = triangle.getNormal(new Vector3()).multiplyScalar(2 * triangle.getArea());
      worst = Math.max(worst, Math.abs(out[0] - expected.x), Math.abs(out[1] - expected.y), Math.abs(out[2] - expected.z));
    }
    expect(worst, 'largest deviation from three.js').toBeLessThan(1e-12);
  });

  it('is exactly zero for collinear and coincident corners', () => {
    const out = triangleNormal(new Float32Array([0, 0, 0, 1, 2, 3, 2, 4, 6]), 0, 1, 2, new Float32Array(3));
    expect(Array.from(out), 'collinear').toEqual([0, 0, 0]);
    expect(Array.from(triangleNormal([1, 1, 1], 0, 0, 0, new Float64Array(3))), 'one point').toEqual([0, 0, 0]);
  });
});
