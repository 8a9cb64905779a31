import type { HelperBoneFitState } from './helperBoneFitState.ts';
import { influenceSlot } from './influenceSlot.ts';

/**
 * Step (2) of a helperBoneFit sweep, the weight update of Le & Deng 2012 (SSDR) with the helpers' transforms fixed:
 * per vertex i, minimize Σ_t |r_i(t) − Σ_n a_n u_in(t)|² subject to a ≥ 0 and, per joint j, Σ_{n: parent j} a_n ≤
 * w_ij (a helper only takes weight from its parent), by projected coordinate descent on the small Gram system
 * (at most 40 sweeps, until no weight moves by 1e-9). A replacement vertex's one weight is all of the joint's weight
 * or none, whichever leaves the smaller error. A moving vertex without candidates adds its residual to the error as it
 * is; still vertices have no candidates and add nothing.
 *
 * @param state  the fit (helperBoneFitState); writes amounts, gram and gradient
 * @returns the squared error Σ_i Σ_t |r_i(t) − Σ_n a_n u_in(t)|² over the moving vertices after the update [m²]
 */
export function helperWeightStep(state: HelperBoneFitState): number {
  const { frameCount: F, vertexCount: R, residual } = state;
  let error = 0;
  for (let i = 0; i < R; i++) {
    if (state.candidates[i].length === 0) {
      if (state.moving[i])
        for (let t = 0; t < F; t++) error += residual[(t * R + i) * 3] ** 2 + residual[(t * R + i) * 3 + 1] ** 2 + residual[(t * R + i) * 3 + 2] ** 2;
      continue;
    }
    error += vertexHelperWeights(state, i);
  }
  return error;
}

/** Updates vertex i's weights on its c ≥ 1 candidates; returns its squared error |r − U a|² (≥ 0) [m²]. */
function vertexHelperWeights(state: HelperBoneFitState, i: number): number {
  const { frameCount: F, vertexCount: R, pairCount: P, residual, displacements, parents, skin } = state;
  const G = state.gram;
  const g = state.gradient;
  const list = state.candidates[i];
  const c = list.length;
  G.fill(0);
  g.fill(0);
  let rr = 0;
  for (let t = 0; t < F; t++) {
    const o = (t * R + i) * 3;
    const d = (t * P + state.pairOffset[i]) * 3;
    for (let n = 0; n < c; n++) {
      g[n] += displacements[d + 3 * n] * residual[o] + displacements[d + 3 * n + 1] * residual[o + 1] + displacements[d + 3 * n + 2] * residual[o + 2];
      for (let m = n; m < c; m++)
        G[n * c + m] +=
          displacements[d + 3 * n] * displacements[d + 3 * m] +
          displacements[d + 3 * n + 1] * displacements[d + 3 * m + 1] +
          displacements[d + 3 * n + 2] * displacements[d + 3 * m + 2];
    }
    rr += residual[o] ** 2 + residual[o + 1] ** 2 + residual[o + 2] ** 2;
  }
  for (let n = 0; n < c; n++) for (let m = 0; m < n; m++) G[n * c + m] = G[m * c + n];
  const a = state.amounts[i];
  if (state.replacement[i]) {
    const full = skin.weights[4 * i + influenceSlot(skin, i, parents[list[0]])];
    a[0] = -2 * full * g[0] + full * full * G[0] < 0 ? full : 0;
  } else {
    const budget = (n: number) => {
      const parent = parents[list[n]];
      let left = skin.weights[4 * i + influenceSlot(skin, i, parent)];
      for (let m = 0; m < c; m++) if (m !== n && parents[list[m]] === parent) left -= a[m];
      return Math.max(0, left);
    };
    for (let sweep = 0; sweep < 40; sweep++) {
      let change = 0;
      for (let n = 0; n < c; n++) {
        if (!(G[n * c + n] > 0)) continue;
        let numerator = g[n];
        for (let m = 0; m < c; m++) if (m !== n) numerator -= G[n * c + m] * a[m];
        const value = Math.min(Math.max(numerator / G[n * c + n], 0), budget(n));
        change = Math.max(change, Math.abs(value - a[n]));
        a[n] = value;
      }
      if (change < 1e-9) break;
    }
  }
  // |r − U a|² = rᵀr − 2 aᵀg + aᵀ G a
  let quadratic = rr;
  for (let n = 0; n < c; n++) {
    quadratic -= 2 * a[n] * g[n];
    for (let m = 0; m < c; m++) quadratic += a[n] * G[n * c + m] * a[m];
  }
  return Math.max(0, quadratic);
}
