// factorDense: the sparse LDLᵀ of a dense-stored symmetric matrix solves it to round-off, whether the matrix is full
// or has the zero blocks of distant local groups (reduced ARAP's L̃, seed 004 Eq. 3.19).
import { describe, expect, it } from 'vitest';
import { factorDense } from '../../../../app/solvers/arap/factorDense.ts';
import { ldltSolve } from '../../../../app/math/sparse/index.ts';
import { random } from '../../../helpers/random.ts';

/** A random SPD r×r matrix AᵀA + I, row-major; with `blocks`, entries coupling different blocks are zero. */
function spd(r: number, seed: number, blocks = 1): Float64Array {
  const next = random(seed);
  const A = Float64Array.from({ length: r * r }, () => 2 * next() - 1);
  const block = (i: number) => Math.floor((i * blocks) / r);
  const M = new Float64Array(r * r);
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < r; j++) {
      if (block(i) !== block(j)) continue;
      let s = i === j ? 1 : 0;
      for (let k = 0; k < r; k++) if (block(k) === block(i)) s += A[k * r + i] * A[k * r + j];
      M[i * r + j] = s;
    }
  }
  return M;
}

/** max |M·x − b| / max |b| over `columns` interleaved right-hand sides. */
function residual(M: Float64Array, r: number, x: Float64Array, b: Float64Array, columns: number): number {
  let worst = 0;
  let scale = 0;
  for (let i = 0; i < r; i++) {
    for (let c = 0; c < columns; c++) {
      let s = 0;
      for (let j = 0; j < r; j++) s += M[i * r + j] * x[j * columns + c];
      worst = Math.max(worst, Math.abs(s - b[i * columns + c]));
      scale = Math.max(scale, Math.abs(b[i * columns + c]));
    }
  }
  return worst / scale;
}

describe('factorDense', () => {
  for (const [r, blocks] of [
    [1, 1],
    [12, 1],
    [60, 1],
    [60, 5],
  ] as const) {
    const shape = blocks > 1 ? `${blocks} blocks, zero between them` : 'one block';
    it(`solves a random SPD system of order ${r} (${shape}) to round-off, three right-hand sides at once`, () => {
      const M = spd(r, 7 + r + blocks, blocks);
      const next = random(99);
      const b = Float64Array.from({ length: 3 * r }, () => 2 * next() - 1);
      const x = ldltSolve(factorDense(M, r), b, new Float64Array(3 * r), 3);
      expect(residual(M, r, x, b, 3), 'relative residual max|Mx − b| / max|b|').toBeLessThan(1e-12);
    });
  }

  it('stores only the nonzeros: a block-diagonal matrix factors with no fill between its blocks', () => {
    const r = 40;
    const M = spd(r, 3, 4);
    let nonzeros = 0;
    for (const x of M) if (x !== 0) nonzeros++;
    const factor = factorDense(M, r);
    // The strict lower factor of four dense 10×10 blocks has 4·45 entries at most, whatever the ordering.
    const strictLower = factor.symbolic.factorPointers[r];
    expect(nonzeros, 'the test matrix: four dense 10×10 blocks').toBe(400);
    expect(strictLower, 'entries of L (no coupling between blocks)').toBeLessThanOrEqual(4 * 45);
  });
});
