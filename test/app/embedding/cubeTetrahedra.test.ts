// cubeTetrahedra: five positively oriented tets filling the unit cube (volumes 1/3 + 4·1/6), and
// neighbouring cubes of opposite parity split their shared face along the same diagonal (conforming).
import { describe, expect, it } from 'vitest';
import { cubeTetrahedra } from '../../../app/embedding/cubeTetrahedra.ts';

const corner = (q: number): number[] => [q & 1, (q >> 1) & 1, q >> 2];

function volume(tet: number[]): number {
  const [a, b, c, d] = tet.map(corner);
  const u = [0, 1, 2].map((k) => b[k] - a[k]);
  const v = [0, 1, 2].map((k) => c[k] - a[k]);
  const w = [0, 1, 2].map((k) => d[k] - a[k]);
  return (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0])) / 6;
}

describe('cubeTetrahedra', () => {
  it('fills the cube with five positive tets of volumes 1/3 and 1/6', () => {
    for (const parity of [0, 1]) {
      const template = cubeTetrahedra(parity);
      const volumes = [0, 1, 2, 3, 4].map((t) => volume(Array.from(template.subarray(4 * t, 4 * t + 4))));
      for (const v of volumes) expect(v, `parity ${parity} positive`).toBeGreaterThan(0);
      expect(
        volumes.reduce((a, b) => a + b, 0),
        `parity ${parity} total`,
      ).toBeCloseTo(1, 12);
      expect(Math.max(...volumes), `parity ${parity} central tet`).toBeCloseTo(1 / 3, 12);
    }
  });

  it('splits every face shared by neighbouring cubes along the same diagonal', () => {
    // Face diagonals a cube uses on its side `axis = side`, in absolute coordinates of the cube at offset.
    const diagonals = (parity: number, axis: number, side: number, offset: number[]): Set<string> => {
      const template = cubeTetrahedra(parity);
      const out = new Set<string>();
      for (let t = 0; t < 5; t++) {
        const onFace = Array.from(template.subarray(4 * t, 4 * t + 4)).filter((q) => corner(q)[axis] === side);
        if (onFace.length !== 3) continue;
        for (let i = 0; i < 3; i++) {
          for (let j = i + 1; j < 3; j++) {
            const a = corner(onFace[i]).map((x, k) => x + offset[k]);
            const b = corner(onFace[j]).map((x, k) => x + offset[k]);
            const differing = a.filter((x, k) => x !== b[k]).length;
            if (differing === 2)
              out.add(
                [a, b]
                  .map((p) => p.join(','))
                  .sort()
                  .join('|'),
              );
          }
        }
      }
      return out;
    };
    for (const parity of [0, 1]) {
      for (let axis = 0; axis < 3; axis++) {
        const offset = [0, 0, 0];
        offset[axis] = 1;
        const mine = diagonals(parity, axis, 1, [0, 0, 0]);
        const theirs = diagonals(1 - parity, axis, 0, offset);
        expect(mine.size, `one diagonal on face ${axis}`).toBe(1);
        expect([...mine], `parity ${parity}, axis ${axis}`).toEqual([...theirs]);
      }
    }
  });
});
