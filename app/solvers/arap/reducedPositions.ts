import type { ReducedArapState } from './reducedArapState.ts';

/**
 * Full positions of the reduced coordinates, p = U·v (seed 004 Eqs. 3.15–3.16): the global basis W_g v_g plus each
 * active local group's displacements on its region.
 *
 * @param state  the reduced state (its working basis and v)
 * @param out    receives #V×3 positions [m], row-major
 * @returns out
 */
export function reducedPositions(state: ReducedArapState, out: Float64Array): Float64Array {
  const { globalCount: r0, globalBasis: Wg, model } = state.basis;
  const { v, activeGroupData, columnOffset } = state;
  const n = model.vertexCount;
  for (let m = 0; m < n; m++) {
    let x = 0;
    let y = 0;
    let z = 0;
    const row = m * r0;
    for (let g = 0; g < r0; g++) {
      const w = Wg[row + g];
      x += w * v[3 * g];
      y += w * v[3 * g + 1];
      z += w * v[3 * g + 2];
    }
    out[3 * m] = x;
    out[3 * m + 1] = y;
    out[3 * m + 2] = z;
  }
  activeGroupData.forEach((group, i) => {
    const B = group.children.length;
    const o = columnOffset[i];
    group.region.forEach((m, k) => {
      for (let a = 0; a < B; a++) {
        const w = group.values[k * B + a];
        out[3 * m] += w * v[3 * (o + a)];
        out[3 * m + 1] += w * v[3 * (o + a) + 1];
        out[3 * m + 2] += w * v[3 * (o + a) + 2];
      }
    });
  });
  return out;
}
