import type { LdltFactorization } from './ldltFactorization.ts';

/**
 * Solves A·X = B with a factorization P·A·Pᵀ = L·D·Lᵀ: X = Pᵀ·L⁻ᵀ·D⁻¹·L⁻¹·P·B. B and X hold `columns`
 * interleaved right-hand sides (row-major #n×columns), so #V×3 positions solve in one pass over L.
 *
 * @param factor   the factorization (ldltFactorization); its workspace is reused, nothing is allocated
 *                 unless `columns` exceeds every earlier call
 * @param rhs      #n×columns right-hand sides B, row-major
 * @param out      #n×columns solution X, row-major; may alias rhs
 * @param columns  number of right-hand sides (default 1)
 * @returns out
 */
export function ldltSolve(factor: LdltFactorization, rhs: ArrayLike<number>, out: Float64Array, columns = 1): Float64Array {
  const { symbolic, factorRows: Li, factorValues: Lx, diagonal: D } = factor;
  const { size: n, order, factorPointers: Lp } = symbolic;
  if (rhs.length < n * columns || out.length < n * columns) {
    throw new RangeError(`ldltSolve: right-hand side and solution need ${n}×${columns} entries`);
  }
  if (factor.workspace.length < n * columns) factor.workspace = new Float64Array(n * columns);
  const y = factor.workspace;
  const m = columns;
  for (let k = 0; k < n; k++) {
    const source = order[k] * m;
    for (let c = 0; c < m; c++) y[k * m + c] = rhs[source + c];
  }
  if (m === 1) {
    for (let j = 0; j < n; j++) {
      const yj = y[j];
      if (yj !== 0) for (let p = Lp[j]; p < Lp[j + 1]; p++) y[Li[p]] -= Lx[p] * yj;
    }
    for (let j = 0; j < n; j++) y[j] /= D[j];
    for (let j = n - 1; j >= 0; j--) {
      let yj = y[j];
      for (let p = Lp[j]; p < Lp[j + 1]; p++) yj -= Lx[p] * y[Li[p]];
      y[j] = yj;
    }
  } else if (m === 3) {
    for (let j = 0; j < n; j++) {
      const x = y[3 * j];
      const yy = y[3 * j + 1];
      const z = y[3 * j + 2];
      for (let p = Lp[j]; p < Lp[j + 1]; p++) {
        const i = 3 * Li[p];
        const l = Lx[p];
        y[i] -= l * x;
        y[i + 1] -= l * yy;
        y[i + 2] -= l * z;
      }
    }
    for (let j = 0; j < n; j++) {
      const inverse = 1 / D[j];
      y[3 * j] *= inverse;
      y[3 * j + 1] *= inverse;
      y[3 * j + 2] *= inverse;
    }
    for (let j = n - 1; j >= 0; j--) {
      let x = y[3 * j];
      let yy = y[3 * j + 1];
      let z = y[3 * j + 2];
      for (let p = Lp[j]; p < Lp[j + 1]; p++) {
        const i = 3 * Li[p];
        const l = Lx[p];
        x -= l * y[i];
        yy -= l * y[i + 1];
        z -= l * y[i + 2];
      }
      y[3 * j] = x;
      y[3 * j + 1] = yy;
      y[3 * j + 2] = z;
    }
  } else {
    for (let j = 0; j < n; j++) {
      for (let p = Lp[j]; p < Lp[j + 1]; p++) {
        const i = Li[p] * m;
        const l = Lx[p];
        for (let c = 0; c < m; c++) y[i + c] -= l * y[j * m + c];
      }
    }
    for (let j = 0; j < n; j++) for (let c = 0; c < m; c++) y[j * m + c] /= D[j];
    for (let j = n - 1; j >= 0; j--) {
      for (let p = Lp[j]; p < Lp[j + 1]; p++) {
        const i = Li[p] * m;
        const l = Lx[p];
        for (let c = 0; c < m; c++) y[j * m + c] -= l * y[i + c];
      }
    }
  }
  for (let k = 0; k < n; k++) {
    const target = order[k] * m;
    for (let c = 0; c < m; c++) out[target + c] = y[k * m + c];
  }
  return out;
}
