// handleMoments: the moment functions of a handle are orthonormal over its vertices and span {1, x, y, z} restricted
// to them (seed 004 Eq. 3.3 by moments), fewer for handles that cannot carry four.
import { describe, expect, it } from 'vitest';
import { handleMoments } from '../../../../app/solvers/arap/handleMoments.ts';
import { random } from '../../../helpers/random.ts';

const next = random(5);
/** 40 random vertices in a 2 m box, then 6 on the plane z = 0.3, then 3 on a line. */
const positions = new Float64Array(3 * 49);
for (let v = 0; v < 40; v++) for (let c = 0; c < 3; c++) positions[3 * v + c] = 2 * next();
for (let v = 40; v < 46; v++) positions.set([next(), next(), 0.3], 3 * v);
for (let v = 46; v < 49; v++) positions.set([v, 2 * v, -v], 3 * v);
const size = 3;

/** Residual of projecting f onto span(psi), relative to |f|. */
function outOfSpan(f: Float64Array, psi: Float64Array[]): number {
  const rest = Float64Array.from(f);
  for (const q of psi) {
    let dot = 0;
    for (let i = 0; i < f.length; i++) dot += f[i] * q[i];
    for (let i = 0; i < f.length; i++) rest[i] -= dot * q[i];
  }
  return Math.hypot(...rest) / Math.hypot(...f);
}

describe('handleMoments', () => {
  const groups = [Array.from({ length: 40 }, (_, i) => i), [40, 41, 42, 43, 44, 45], [46, 47, 48], [7], [3, 9, 12, 30]];
  const moments = handleMoments(positions, size, groups);

  it('gives 4 functions to a handle in general position, 3 to a planar one, 2 to a collinear one and 1 to a single vertex', () => {
    expect(
      moments.map((h) => h.psi.length),
      'functions per handle',
    ).toEqual([4, 3, 2, 1, 4]);
    moments.forEach((h, i) => expect(Array.from(h.vertices), `handle ${i}: its vertices in the order given`).toEqual(groups[i]));
  });

  it('makes the functions orthonormal over each handle: Σ ψ_l ψ_l′ = δ_ll′', () => {
    moments.forEach((h, index) => {
      for (let l = 0; l < h.psi.length; l++) {
        for (let k = 0; k <= l; k++) {
          let dot = 0;
          for (let i = 0; i < h.vertices.length; i++) dot += h.psi[l][i] * h.psi[k][i];
          expect(Math.abs(dot - (l === k ? 1 : 0)), `handle ${index}: ⟨ψ_${l}, ψ_${k}⟩`).toBeLessThan(1e-12);
        }
      }
    });
  });

  it('spans the constant and the coordinate functions on each handle (an affine motion of the handle is pinned exactly)', () => {
    moments.forEach((h, index) => {
      const m = h.vertices.length;
      const functions = [Float64Array.from({ length: m }, () => 1), ...[0, 1, 2].map((c) => Float64Array.from(h.vertices, (v) => positions[3 * v + c]))];
      functions.forEach((f, l) => {
        if (Math.hypot(...f) === 0) return;
        expect(outOfSpan(f, h.psi), `handle ${index}: ${['1', 'x', 'y', 'z'][l]} outside span(ψ)`).toBeLessThan(1e-9);
      });
    });
  });

  it('pins each vertex of a four-vertex handle in general position: the moments are a basis of all functions on it', () => {
    const h = moments[4];
    for (let i = 0; i < 4; i++) {
      const e = new Float64Array(4);
      e[i] = 1;
      expect(outOfSpan(e, h.psi), `vertex ${h.vertices[i]}'s indicator outside span(ψ)`).toBeLessThan(1e-9);
    }
  });
});
