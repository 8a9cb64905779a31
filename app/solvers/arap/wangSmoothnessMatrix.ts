import type { CscMatrix } from '../../math/sparse/index.ts';
import type { ArapModel } from './types.ts';

/**
 * A = KᵀM⁻¹K of seed 004 Eq. 3.9 (Wang, Jacobson, Barbič & Kavan 2015): the quadratic form whose constrained
 * minimizers are the shape-deformation basis functions, K a *linearly precise* Laplacian and M the lumped masses.
 * Linear precision (K·1 = 0 and K·p̄ = 0, so affine maps of the rest shape cost nothing and the basis has constant
 * and linear precision, Eqs. 3.6–3.7) is obtained row by row: each row L_i of the model's Laplacian gets the
 * smallest correction on its own stencil that annihilates 1, x, y, z there,
 *   K_i = L_i − Σ_l (L_i·q_l) q_l,  q_l an orthonormal basis of span{1, x, y, z} restricted to stencil(i).
 * Interior rows of a tet Laplacian are already precise (the correction vanishes); boundary rows get the flux terms
 * Vega's generateLaplacian(linearlyPrecise) adds explicitly, and on a surface the correction removes the mean-
 * curvature response that otherwise makes cotangent bases bend flat regions. K is not symmetric; A is symmetric
 * positive semidefinite with exactly the linear functions (per component) in its null space on a non-flat stencil.
 *
 * @param model  the ARAP model (its Laplacian's pattern and values, rest positions, masses)
 * @returns A, #V×#V, full pattern (the 2-ring of the Laplacian's)
 */
export function wangSmoothnessMatrix(model: ArapModel): CscMatrix {
  const { vertexCount: n, restPositions: p, vertexMasses: M } = model;
  const { columnPointers: Lp, rowIndices: Li, values: Lx } = model.laplacian;
  // K stored with L's pattern: K_ij at the slot of row j in column i (L is symmetric, so column i is row i's stencil).
  const K = Float64Array.from(Lx);
  // Orthonormal basis q_0..q_3 of span{1, x, y, z} over each stencil (modified Gram–Schmidt, twice), then
  // K_i = L_i − Σ_l (L_i·q_l) q_l: the smallest change that annihilates the span exactly (to rounding), which
  // matters: the basis of Eq. 3.11 divides residuals by A_ff's smallest eigenvalues, and those are tiny.
  let basis = new Float64Array(64);
  for (let i = 0; i < n; i++) {
    const start = Lp[i];
    const end = Lp[i + 1];
    const size = end - start;
    if (size < 2) continue;
    if (basis.length < 4 * size) basis = new Float64Array(8 * size);
    let scale = 0;
    for (let q = start; q < end; q++) {
      const j = Li[q];
      scale += Math.hypot(p[3 * j] - p[3 * i], p[3 * j + 1] - p[3 * i + 1], p[3 * j + 2] - p[3 * i + 2]);
    }
    scale = scale > 0 ? size / scale : 1;
    let rank = 0;
    for (let l = 0; l < 4; l++) {
      const o = rank * size;
      for (let q = start; q < end; q++) {
        const j = Li[q];
        basis[o + q - start] = l === 0 ? 1 : (p[3 * j + l - 1] - p[3 * i + l - 1]) * scale;
      }
      let initialNorm = 0;
      for (let k = 0; k < size; k++) initialNorm += basis[o + k] * basis[o + k];
      for (let pass = 0; pass < 2; pass++) {
        for (let m = 0; m < rank; m++) {
          let dot = 0;
          for (let k = 0; k < size; k++) dot += basis[o + k] * basis[m * size + k];
          for (let k = 0; k < size; k++) basis[o + k] -= dot * basis[m * size + k];
        }
      }
      let norm = 0;
      for (let k = 0; k < size; k++) norm += basis[o + k] * basis[o + k];
      // A direction already spanned (a flat stencil's normal coordinate) is dropped.
      if (!(norm > 1e-20 * Math.max(initialNorm, 1))) continue;
      norm = 1 / Math.sqrt(norm);
      for (let k = 0; k < size; k++) basis[o + k] *= norm;
      rank++;
    }
    for (let m = 0; m < rank; m++) {
      let dot = 0;
      for (let k = 0; k < size; k++) dot += K[start + k] * basis[m * size + k];
      for (let k = 0; k < size; k++) K[start + k] -= dot * basis[m * size + k];
    }
  }
  // A_{:,j} = Σ_{i ∈ stencil(j)} (K_ij / M_i) K_i, accumulated densely per column.
  const accumulator = new Float64Array(n);
  const touched = new Int32Array(n);
  const mark = new Int32Array(n).fill(-1);
  const pointers = new Int32Array(n + 1);
  let rows = new Int32Array(Math.max(16, 4 * Lx.length));
  let values = new Float64Array(rows.length);
  let nonzeros = 0;
  for (let j = 0; j < n; j++) {
    let count = 0;
    for (let q = Lp[j]; q < Lp[j + 1]; q++) {
      const i = Li[q];
      // K_ij: slot of row j in column i.
      const slot = findRow(Li, Lp[i], Lp[i + 1], j);
      if (slot < 0) continue;
      const factor = K[slot] / M[i];
      if (factor === 0) continue;
      for (let s = Lp[i]; s < Lp[i + 1]; s++) {
        const r = Li[s];
        if (mark[r] !== j) {
          mark[r] = j;
          accumulator[r] = 0;
          touched[count++] = r;
        }
        accumulator[r] += factor * K[s];
      }
    }
    const list = touched.subarray(0, count).sort();
    if (nonzeros + count > rows.length) {
      const grown = Math.max(2 * rows.length, nonzeros + count);
      const r = new Int32Array(grown);
      r.set(rows);
      rows = r;
      const v = new Float64Array(grown);
      v.set(values);
      values = v;
    }
    for (let k = 0; k < count; k++) {
      rows[nonzeros] = list[k];
      values[nonzeros++] = accumulator[list[k]];
    }
    pointers[j + 1] = nonzeros;
  }
  return { rowCount: n, columnCount: n, columnPointers: pointers, rowIndices: rows.slice(0, nonzeros), values: values.slice(0, nonzeros) };
}

function findRow(rows: Int32Array, start: number, end: number, row: number): number {
  let lo = start;
  let hi = end - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid] === row) return mid;
    if (rows[mid] < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
