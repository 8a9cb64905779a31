// pointInsideSurface: the winding number of a closed surface is ±1 inside and 0 outside, whichever way it is wound,
// and the hole of a ring is outside it.
import { describe, expect, it } from 'vitest';
import { pointInsideSurface } from '../../../app/weights/pointInsideSurface.ts';
import { cube, torus } from './shellGeometry.ts';

describe('pointInsideSurface', () => {
  const box = cube([0, 0, 0], 1);
  const positions = new Float32Array(box.positions);
  const triangles = new Uint32Array(box.indices);
  const reversed = new Uint32Array(box.indices.map((_, i, a) => a[i - (i % 3) + 2 - (i % 3)]));

  it('a cube: its centre and a point near a corner are inside, points beyond each face are outside', () => {
    expect(pointInsideSurface([0, 0, 0], triangles, positions), 'the centre').toBe(true);
    expect(pointInsideSurface([0.9, -0.9, 0.9], triangles, positions), 'near a corner, inside').toBe(true);
    for (let c = 0; c < 3; c++) {
      for (const side of [-1.1, 1.1]) {
        const point: [number, number, number] = [0, 0, 0];
        point[c] = side;
        expect(pointInsideSurface(point, triangles, positions), `beyond the face at axis ${c} = ${side}`).toBe(false);
      }
    }
    expect(pointInsideSurface([5, 5, 5], triangles, positions), 'far away').toBe(false);
  });

  it('the same answers with the triangles wound the other way (an inward-facing import)', () => {
    expect(pointInsideSurface([0, 0, 0], reversed, positions), 'the centre, reversed winding').toBe(true);
    expect(pointInsideSurface([1.1, 0, 0], reversed, positions), 'outside, reversed winding').toBe(false);
  });

  it('a torus: inside its tube, not in its hole (a belt’s hole is where the body passes)', () => {
    const ring = torus([0, 0, 0], 1, 0.25);
    const p = new Float32Array(ring.positions);
    const t = new Uint32Array(ring.indices);
    expect(pointInsideSurface([1, 0, 0], t, p), 'on the tube’s core circle').toBe(true);
    expect(pointInsideSurface([0, 0, 0], t, p), 'the centre of the hole').toBe(false);
    expect(pointInsideSurface([0, 0.5, 0], t, p), 'above the hole').toBe(false);
  });
});
