import { ldltSolve } from '../../math/sparse/index.ts';
import { factorDense } from './factorDense.ts';
import { incrementalKktSolver } from './incrementalKktSolver.ts';
import type { ReducedArapState } from './reducedArapState.ts';
import { reducedLaplacian } from './reducedLaplacian.ts';
import { reducedPointVector } from './reducedPointVector.ts';

/**
 * The factored global-step system of the working basis (seed 004 §3.4.4, Eqs. 3.19 and 3.24–3.25), rebuilt whenever
 * the active groups change: column offsets and r from state.active, L̃ = UᵀLU (reducedLaplacian), plus ρ·Σ_q a_q a_qᵀ
 * over the handle rows (an augmented-Lagrangian term, exact at the solution, with ρ = tr(L̃)/Σ|a_q|² matched to L̃'s
 * scale) so that the factored block is definite although L̃ has the constants in its null space, plus the pin weight
 * on the diagonal of the pinned roots; factored by sparse LDLᵀ (factorDense) and wrapped in an incremental KKT solver
 * (§3.6) whose point vectors are reducedPointVector's.
 *
 * @param state  the reduced state: reads active, writes r, columnOffset, activeGroupData, denseRow, reducedLaplacian,
 *               augmentation, rho, pinWeight, factor, kkt, and grows bReduced and vNew to 3r
 */
export function reducedSystem(state: ReducedArapState): void {
  const { basis, columnOffset, activeGroupData, pinnedRoots } = state;
  let r = basis.globalCount;
  columnOffset.length = 0;
  activeGroupData.length = 0;
  for (const node of state.active) {
    const group = basis.group(node);
    columnOffset.push(r);
    activeGroupData.push(group);
    r += group.children.length;
  }
  state.r = r;
  state.denseRow = new Float64Array(r);
  const L = reducedLaplacian(basis, activeGroupData, columnOffset, r);
  state.reducedLaplacian = L.slice();
  // ρ·Σ a aᵀ over the handle rows, ρ matched to L̃'s scale.
  const P = state.contactPoints.count;
  const handleVectors = state.virtualPoints.map((_, q) => {
    const indices = new Int32Array(r);
    const values = new Float64Array(r);
    const count = reducedPointVector(state, P + q, indices, values);
    return { indices: indices.subarray(0, count), values: values.subarray(0, count) };
  });
  let traceL = 0;
  let traceH = 0;
  for (let a = 0; a < r; a++) traceL += L[a * r + a];
  for (const h of handleVectors) for (const x of h.values) traceH += x * x;
  const rho = traceH > 0 ? traceL / traceH : 0;
  state.rho = rho;
  for (const h of handleVectors) {
    for (let s = 0; s < h.indices.length; s++) {
      for (let t = 0; t < h.indices.length; t++) L[h.indices[s] * r + h.indices[t]] += rho * h.values[s] * h.values[t];
    }
  }
  state.augmentation = handleVectors;
  let meanDiagonal = 0;
  for (let a = 0; a < r; a++) meanDiagonal += Math.abs(L[a * r + a]) / r;
  const pinWeight = meanDiagonal > 0 ? meanDiagonal : 1;
  state.pinWeight = pinWeight;
  for (const g of pinnedRoots) L[g * r + g] += pinWeight;
  const factor = factorDense(L, r);
  state.factor = factor;
  state.kkt = incrementalKktSolver({
    size: r,
    maxPointEntries: Math.max(r, state.maxPointEntries),
    pointVector: (point, indices, values) => reducedPointVector(state, point, indices, values),
    solve(rhs, out, columns) {
      ldltSolve(factor, rhs, out, columns);
    },
  });
  if (state.bReduced.length < 3 * r) state.bReduced = new Float64Array(3 * r);
  if (state.vNew.length < 3 * r) state.vNew = new Float64Array(3 * r);
}
