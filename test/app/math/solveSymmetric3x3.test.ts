import { describe, expect, it } from 'vitest';
import { solveSymmetric3x3 } from '../../../app/math/index.ts';

describe('solveSymmetric3x3', () => {
  it('solves symmetric (also indefinite) systems: H·x reproduces b', () => {
    const systems = [
      [4, 1, 0.5, 1, 3, -0.2, 0.5, -0.2, 2],
      [1, 2, 3, 2, -1, 0.5, 3, 0.5, 2], // indefinite
      [1e6, 10, 0, 10, 1e6, 3, 0, 3, 2e6],
    ];
    for (const H of systems) {
      const b = [0.3, -1.2, 2.5];
      const x = new Float64Array(3);
      expect(solveSymmetric3x3(H, b, x), 'solved').toBe(true);
      for (let r = 0; r < 3; r++) {
        expect(H[3 * r] * x[0] + H[3 * r + 1] * x[1] + H[3 * r + 2] * x[2], `row ${r}`).toBeCloseTo(b[r], 10);
      }
    }
  });

  it('refuses (nearly) singular matrices at any scale and leaves out untouched', () => {
    for (const scale of [1e-6, 1, 1e9]) {
      const H = [1, 2, 3, 2, 4, 6, 3, 6, 10].map((v) => v * scale); // rows 1 and 2 dependent
      const out = Float64Array.of(7, 7, 7);
      expect(solveSymmetric3x3(H, [1, 1, 1], out), `scale ${scale}`).toBe(false);
      expect(Array.from(out), 'untouched').toEqual([7, 7, 7]);
    }
    expect(solveSymmetric3x3([0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0], new Float64Array(3)), 'zero').toBe(false);
  });
});
