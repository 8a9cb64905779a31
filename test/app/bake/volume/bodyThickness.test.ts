// bodyThickness is 6V/A of a closed surface (the thickness that sets the floor of κ in a volume simulation): the
// diameter of a sphere and the side of a cube, whichever way the triangles turn and wherever the body sits (the
// divergence theorem's volume does not depend on the origin for a closed surface).
import { describe, expect, it } from 'vitest';
import { bodyThickness } from '../../../../app/bake/volume/bodyThickness.ts';
import { boxSurface } from '../../../helpers/boxSurface.ts';
import { uvSphere } from '../../embedding/meshes.ts';

/** A cube [x0, x0 + side]³, 12 triangles, outward. */
function cube(x0: number, side: number): { positions: Float64Array; triangles: Uint32Array } {
  const { positions, triangles } = boxSurface([x0, x0, x0], [x0 + side, x0 + side, x0 + side]);
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

const flipped = (triangles: Uint32Array): Uint32Array => {
  const out = Uint32Array.from(triangles);
  for (let t = 0; t < out.length; t += 3) [out[t + 1], out[t + 2]] = [out[t + 2], out[t + 1]];
  return out;
};

describe('bodyThickness', () => {
  it('is the side of a cube, anywhere, in either orientation', () => {
    for (const [x0, side] of [
      [0, 1],
      [3.5, 0.2],
      [-10, 2],
    ]) {
      const { positions, triangles } = cube(x0, side);
      expect(bodyThickness(positions, triangles), `cube of side ${side} at ${x0}`).toBeCloseTo(side, 12);
      expect(bodyThickness(positions, flipped(triangles)), `the same cube turned inside out`).toBeCloseTo(side, 12);
    }
  });

  it('is the diameter of a sphere (within the polyhedron’s error)', () => {
    const radius = 0.3;
    const { positions, triangles } = uvSphere([1, 2, -1], radius, 32, 48);
    const thickness = bodyThickness(positions, triangles);
    expect(Math.abs(thickness / (2 * radius) - 1), `6V/A of a UV sphere of radius ${radius}: ${thickness}`).toBeLessThan(0.01);
  });

  it('is 0 for a surface with no area', () => {
    expect(bodyThickness(new Float64Array(9), new Uint32Array([0, 1, 2])), 'a degenerate triangle').toBe(0);
    expect(bodyThickness(new Float64Array(0), new Uint32Array(0)), 'no triangles').toBe(0);
  });
});
