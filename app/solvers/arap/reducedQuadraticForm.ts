import type { ReducedArapState } from './reducedArapState.ts';

/**
 * tr(vᵀL̃v) with L̃ = UᵀLU of the working basis, without the handle augmentation: twice the reduced ARAP energy's
 * quadratic part (seed 004 Eq. 3.19), O(r²) instead of a pass over the mesh; exact zeros of L̃ skipped.
 *
 * @param state  the reduced state (reducedLaplacian, v, r)
 * @returns tr(vᵀL̃v) [energy units × 2]
 */
export function reducedQuadraticForm(state: ReducedArapState): number {
  const { r, v, reducedLaplacian } = state;
  let sum = 0;
  for (let a = 0; a < r; a++) {
    const row = a * r;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let c = 0; c < r; c++) {
      const l = reducedLaplacian[row + c];
      if (l === 0) continue;
      x += l * v[3 * c];
      y += l * v[3 * c + 1];
      z += l * v[3 * c + 2];
    }
    sum += v[3 * a] * x + v[3 * a + 1] * y + v[3 * a + 2] * z;
  }
  return sum;
}
