// cubeTetBarycentric: for points all over the unit cube and both parities, the chosen tet of the five-tet split
// contains the point: its barycentric coordinates are a convex combination that reproduces the point from the
// template's corners (recomputed here from cubeTetrahedra, not from the inverse maps under test).
import { describe, expect, it } from 'vitest';
import { cubeTetBarycentric } from '../../../app/embedding/cubeTetBarycentric.ts';
import { cubeTetrahedra } from '../../../app/embedding/cubeTetrahedra.ts';
import { random } from '../math/sparse/helpers.ts';

describe('cubeTetBarycentric', () => {
  it('locates 5,000 points per parity, corners and faces included, with coordinates in [0, 1] reproducing the point', () => {
    const next = random(23);
    const bary = new Float64Array(4);
    for (const parity of [0, 1]) {
      const template = cubeTetrahedra(parity);
      let worst = 0;
      let outside = 0;
      for (let trial = 0; trial < 5000; trial++) {
        // Every fifth point snapped to a face, edge or corner of the cube.
        const f = [next(), next(), next()].map((x) => (trial % 5 === 0 ? Math.round(x) : x));
        const tet = cubeTetBarycentric(parity, f[0], f[1], f[2], bary);
        let sum = 0;
        const p = [0, 0, 0];
        for (let k = 0; k < 4; k++) {
          if (!(bary[k] >= 0 && bary[k] <= 1)) outside++;
          sum += bary[k];
          const q = template[4 * tet + k];
          p[0] += bary[k] * (q & 1);
          p[1] += bary[k] * ((q >> 1) & 1);
          p[2] += bary[k] * (q >> 2);
        }
        worst = Math.max(worst, Math.abs(sum - 1), Math.abs(p[0] - f[0]), Math.abs(p[1] - f[1]), Math.abs(p[2] - f[2]));
      }
      expect(outside, `parity ${parity}: coordinates outside [0, 1]`).toBe(0);
      expect(worst, `parity ${parity}: largest error of the reproduced point or the sum`).toBeLessThan(1e-14);
    }
  });
});
