import { growKktRows } from './contactKktRows.ts';
import type { ReducedArapState } from './reducedArapState.ts';

/**
 * The handle rows of the reduced global step (seed 004 Eq. 3.3, by moments): for each handle and moment function ψ_l,
 * three rows e_cᵀ·Σ_m ψ_l(m)(Uv)_m = d_c with d = Σ_m ψ_l(m)·s_m (s the handle targets), written as KKT rows on the
 * virtual point #P + q; and the augmented-Lagrangian term's right-hand side ρ·a_q·dᵀ added to b̃, which makes
 * reducedSystem's ρ·a_q a_qᵀ exact at the solution.
 *
 * @param state  the reduced state: reads moments, targets, augmentation and rho; rows is cleared and receives the
 *               handle rows (rows.count of them)
 * @param br     r×3 b̃; receives += ρ·a_q·dᵀ
 */
export function handleKktRows(state: ReducedArapState, br: Float64Array): void {
  const { rows, moments, handleSlot, targets, augmentation, rho } = state;
  const P = state.contactPoints.count;
  rows.count = 0;
  state.virtualPoints.forEach(({ handle, moment }, q) => {
    const h = moments[handle];
    const psi = h.psi[moment];
    const d = [0, 0, 0];
    for (let i = 0; i < h.vertices.length; i++) {
      const slot = handleSlot.get(h.vertices[i]) as number;
      for (let c = 0; c < 3; c++) d[c] += psi[i] * targets[3 * slot + c];
    }
    const aug = augmentation[q];
    for (let s = 0; s < aug.indices.length; s++) for (let c = 0; c < 3; c++) br[3 * aug.indices[s] + c] += rho * aug.values[s] * d[c];
    for (let c = 0; c < 3; c++) {
      if (rows.count === rows.rhs.length) growKktRows(rows);
      const j = rows.count++;
      rows.normal.fill(0, 3 * j, 3 * j + 3);
      rows.normal[3 * j + c] = 1;
      rows.rhs[j] = d[c];
      rows.points.fill(-1, 4 * j, 4 * j + 4);
      rows.points[4 * j] = P + q;
      rows.weights.fill(0, 4 * j, 4 * j + 4);
      rows.weights[4 * j] = 1;
    }
  });
}
