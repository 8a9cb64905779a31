// firstCrossedTriangle: of the triangles a segment crosses, the one whose plane it meets first, with the normal
// turned toward the segment's start; skipped and degenerate triangles are left out.
import { describe, expect, it } from 'vitest';
import { firstCrossedTriangle } from '../../../../app/solvers/arap/firstCrossedTriangle.ts';

// Two parallel unit triangles at z = 1 and z = 2 (the second wound the other way) and a degenerate one at z = 0.5.
const positions = Float64Array.from([0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 2, 0, 1, 2, 1, 0, 2, 0, 0, 0.5, 1, 0, 0.5, 2, 0, 0.5]);
const triangles = Uint32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8]);
const all = [2, 1, 0];

describe('firstCrossedTriangle', () => {
  it('finds the first plane along the segment, its parameter and the normal toward the start', () => {
    const out = new Float64Array(4);
    const up = Float64Array.from([0.2, 0.2, 0, 0.2, 0.2, 3]);
    expect(firstCrossedTriangle(up, all, 3, triangles, positions, null, out), 'from below: the z = 1 triangle (the degenerate one is no plane)').toBe(0);
    expect(out[0], 't where z = 1').toBeCloseTo(1 / 3, 12);
    expect(out[3], 'normal toward the start (down)').toBe(-1);
    expect(Math.hypot(out[1], out[2]), 'along z only').toBe(0);
    const down = Float64Array.from([0.2, 0.2, 3, 0.2, 0.2, 0]);
    expect(firstCrossedTriangle(down, all, 3, triangles, positions, null, out), 'from above: the z = 2 triangle').toBe(1);
    expect(out[0], 't where z = 2').toBeCloseTo(1 / 3, 12);
    expect(out[3], 'normal toward the start (up), whatever the winding').toBe(1);
    expect(
      firstCrossedTriangle(down, all, 3, triangles, positions, (a) => a === 3, out),
      'with the first one skipped: the next',
    ).toBe(0);
    expect(firstCrossedTriangle(Float64Array.from([5, 5, 0, 5, 5, 3]), all, 3, triangles, positions, null, out), 'a segment that misses them all').toBe(-1);
  });
});
