import { ldltFactorization, ldltSolve, ldltSymbolic, type CscMatrix } from '../../math/sparse/index.ts';

/** Basis vectors with local support: values on a region's vertices, one column per manipulator. */
export interface RegionColumns {
  /** region vertices, increasing */
  region: Int32Array;
  /** |region| × r values, row-major (row = region vertex, column = manipulator) */
  values: Float64Array;
  /** r */
  columnCount: number;
}

/**
 * Wang et al.'s basis with exact locality, seed 004 Eqs. 3.11–3.14: inside `region`, the manipulators get the
 * identity, `fixed` vertices 0, free vertices W_f = −(Ŷ A Ŷᵀ)⁻¹ Ŷ A Yᵀ (one sparse LDLᵀ of the free block, r
 * right-hand sides in one pass); every vertex outside the region is fixed at 0, so the columns vanish there
 * "by construction, no thresholding". With region = all vertices and no fixed ones this is the global basis
 * (Eq. 3.11): constant and linearly precise when A's null space is the linear functions (wangSmoothnessMatrix).
 *
 * @param A             the smoothness form (wangSmoothnessMatrix), #V×#V
 * @param region        vertices the basis may be nonzero on, increasing
 * @param manipulators  region vertices that get one column each (order = column order)
 * @param isFixed       #V, nonzero for region vertices held at 0 (ancestors of a local group)
 * @param scratch       #V Int32Array of caller-owned scratch (a vertex → local index map; left filled with −1)
 * @returns the columns on the region
 */
export function wangBasisColumns(
  A: CscMatrix,
  region: Int32Array,
  manipulators: ArrayLike<number>,
  isFixed: Uint8Array | null,
  scratch: Int32Array,
): RegionColumns {
  const r = manipulators.length;
  const local = scratch;
  const column = new Int32Array(region.length).fill(-1);
  for (let a = 0; a < r; a++) local[manipulators[a]] = -2 - a;
  let free = 0;
  const freeVertex: number[] = [];
  for (let k = 0; k < region.length; k++) {
    const v = region[k];
    if (local[v] <= -2) {
      column[k] = -2 - local[v];
      continue;
    }
    if (isFixed && isFixed[v]) continue;
    local[v] = free++;
    freeVertex.push(v);
  }
  const { columnPointers: Ap, rowIndices: Ai, values: Ax } = A;
  const values = new Float64Array(region.length * r);
  if (free > 0) {
    const pointers = new Int32Array(free + 1);
    let count = 0;
    for (let f = 0; f < free; f++) {
      const v = freeVertex[f];
      for (let q = Ap[v]; q < Ap[v + 1]; q++) if (local[Ai[q]] >= 0) count++;
      pointers[f + 1] = count;
    }
    const rows = new Int32Array(count);
    const entries = new Float64Array(count);
    let diagonalMean = 0;
    count = 0;
    for (let f = 0; f < free; f++) {
      const v = freeVertex[f];
      for (let q = Ap[v]; q < Ap[v + 1]; q++) {
        const row = local[Ai[q]];
        if (row < 0) continue;
        if (row === f) diagonalMean += Ax[q] / free;
        rows[count] = row;
        entries[count++] = Ax[q];
      }
    }
    const matrix: CscMatrix = { rowCount: free, columnCount: free, columnPointers: pointers, rowIndices: rows, values: entries };
    // Right-hand sides −A[f, y_a]: column y_a of A (symmetric) read at the free rows.
    const rhs = new Float64Array(free * r);
    for (let a = 0; a < r; a++) {
      const y = manipulators[a];
      for (let q = Ap[y]; q < Ap[y + 1]; q++) {
        const row = local[Ai[q]];
        if (row >= 0) rhs[row * r + a] = -Ax[q];
      }
    }
    const symbolic = ldltSymbolic(matrix);
    let factor;
    try {
      factor = ldltFactorization(symbolic, matrix);
    } catch {
      // A part of the region that no manipulator or fixed vertex pins (a flat sliver, a stray piece): a tiny
      // Tikhonov term makes it follow nothing rather than fail.
      for (let f = 0; f < free; f++) {
        for (let q = pointers[f]; q < pointers[f + 1]; q++) if (rows[q] === f) entries[q] += 1e-9 * Math.abs(diagonalMean);
      }
      factor = ldltFactorization(symbolic, matrix);
    }
    const solution = new Float64Array(free * r);
    ldltSolve(factor, rhs, solution, r);
    for (let k = 0; k < region.length; k++) {
      const f = local[region[k]];
      if (f >= 0) for (let a = 0; a < r; a++) values[k * r + a] = solution[f * r + a];
    }
  }
  for (let k = 0; k < region.length; k++) if (column[k] >= 0) values[k * r + column[k]] = 1;
  for (const v of region) local[v] = -1;
  for (let a = 0; a < r; a++) local[manipulators[a]] = -1;
  return { region, values, columnCount: r };
}
