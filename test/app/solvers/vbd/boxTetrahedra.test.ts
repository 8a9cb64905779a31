import { describe, expect, it } from 'vitest';
import { boxTetrahedra } from '../../../../app/solvers/vbd/index.ts';

describe('boxTetrahedra', () => {
  it('fills the box exactly with positively oriented tets that share faces conformingly', () => {
    const { positions, tetrahedra } = boxTetrahedra([3, 2, 4], [0.3, 0.4, 0.8], [1, 2, 3]);
    expect(positions.length / 3, 'vertices').toBe(4 * 3 * 5);
    expect(tetrahedra.length / 4, 'tets').toBe(6 * 24);
    let volume = 0;
    const faces = new Map<string, number>();
    for (let t = 0; t < tetrahedra.length / 4; t++) {
      const v = Array.from(tetrahedra.subarray(4 * t, 4 * t + 4));
      const e = [1, 2, 3].map((k) => [0, 1, 2].map((c) => positions[3 * v[k] + c] - positions[3 * v[0] + c]));
      const det =
        e[0][0] * (e[1][1] * e[2][2] - e[1][2] * e[2][1]) -
        e[0][1] * (e[1][0] * e[2][2] - e[1][2] * e[2][0]) +
        e[0][2] * (e[1][0] * e[2][1] - e[1][1] * e[2][0]);
      expect(det, `tet ${t} orientation`).toBeGreaterThan(0);
      volume += det / 6;
      for (const skip of [0, 1, 2, 3]) {
        const key = v
          .filter((_, k) => k !== skip)
          .sort((a, b) => a - b)
          .join(',');
        faces.set(key, (faces.get(key) ?? 0) + 1);
      }
    }
    expect(volume, 'total volume').toBeCloseTo(0.3 * 0.4 * 0.8, 12);
    // conforming: every face is shared by at most two tets; boundary faces = 2 per boundary cell face
    expect(Math.max(...faces.values()), 'face multiplicity').toBeLessThanOrEqual(2);
    const boundary = [...faces.values()].filter((n) => n === 1).length;
    expect(boundary, 'boundary triangles').toBe(2 * 2 * (3 * 2 + 2 * 4 + 3 * 4));
  });
});
