import type { ReducedArapState } from './reducedArapState.ts';

/**
 * Row a_q of a constraint point in the working basis (the KktSpace's point vector, seed 004 §3.6): for a contact point
 * Σ_e w_e U[m_e, :] over its weighted vertices, for a handle's virtual point P + q Σ_i ψ_l(m_i) U[m_i, :] over the
 * handle's vertices (Eq. 3.3's moment row), where U[m, :] = [W_g[m, :] | the active groups' values at m] (Eq. 3.15).
 *
 * @param state    the reduced state (its working basis and denseRow scratch, ≥ r)
 * @param point    a contact point index (< #P) or #P + a virtual handle point
 * @param indices  receives the nonzero columns, increasing (capacity ≥ r)
 * @param values   receives their values
 * @returns the number of entries written (exact zeros are left out)
 */
export function reducedPointVector(state: ReducedArapState, point: number, indices: Int32Array, values: Float64Array): number {
  const { contactPoints: points, denseRow } = state;
  const P = points.count;
  denseRow.fill(0);
  if (point < P) {
    for (let e = points.offsets[point]; e < points.offsets[point + 1]; e++) addBasisRow(state, points.vertices[e], points.weights[e], denseRow);
  } else {
    const { handle, moment } = state.virtualPoints[point - P];
    const h = state.moments[handle];
    const psi = h.psi[moment];
    for (let i = 0; i < h.vertices.length; i++) addBasisRow(state, h.vertices[i], psi[i], denseRow);
  }
  let count = 0;
  for (let a = 0; a < state.r; a++) {
    if (denseRow[a] === 0) continue;
    indices[count] = a;
    values[count++] = denseRow[a];
  }
  return count;
}

/** out += w·U[m, :] (dense, length r). */
function addBasisRow(state: ReducedArapState, m: number, w: number, out: Float64Array): void {
  const { globalCount: r0, globalBasis: Wg } = state.basis;
  const { activeGroupData, columnOffset } = state;
  const row = m * r0;
  for (let g = 0; g < r0; g++) out[g] += w * Wg[row + g];
  for (let i = 0; i < activeGroupData.length; i++) {
    const group = activeGroupData[i];
    const k = search(group.region, m);
    if (k < 0) continue;
    const B = group.children.length;
    const o = columnOffset[i];
    for (let a = 0; a < B; a++) out[o + a] += w * group.values[k * B + a];
  }
}

/** Index of value in a sorted array, −1 if absent. */
function search(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = sorted[mid];
    if (x === value) return mid;
    if (x < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
