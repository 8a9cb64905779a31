import { denseCholesky } from '../../math/index.ts';
import { denseCholeskySolve } from '../../math/index.ts';

/**
 * The factored block A of the KKT system and how constraint points enter its unknowns: x is N×3 (row-major, one
 * column per coordinate, the layout of ldltSolve with 3 columns), and point q's position is a_qᵀx (a 3-vector), a_q
 * sparse: Σ w e_v over the free vertices of a contact point in full space, Σ w U[v, :] in a subspace.
 */
export interface KktSpace {
  /** N, rows of x */
  readonly size: number;
  /**
   * writes a_q as a sparse vector
   * @returns the number of entries written (0: the point has no free unknown)
   */
  pointVector(point: number, indices: Int32Array, values: Float64Array): number;
  /** most entries pointVector can write (capacity of its buffers) */
  readonly maxPointEntries: number;
  /** out = A⁻¹·rhs for `columns` interleaved right-hand sides (N×columns) */
  solve(rhs: Float64Array, out: Float64Array, columns: number): void;
  /**
   * When the unknowns are positions (full space; the reduced solver's are subspace coordinates and its handle rows
   * carry the drag, so it gives none): the model's size [m] and the largest move of a vertex between two solutions x
   * and x0 (N×3) [m], which bound the step of a solve (incrementalKktSolver)
   */
  readonly steps?: { readonly size: number; largest(x: Float64Array, x0: Float64Array): number };
}

/**
 * Constraint rows n_jᵀ·(Σ_q ω_jq a_qᵀx) = d_j (seed 004 Eqs. 3.20–3.23: one point for an external contact, a point
 * minus a triangle's three for a self-contact; handle rows with n = a coordinate axis). Growable; see kktRows.
 */
export interface KktRows {
  count: number;
  /** 3 per row */
  normal: Float64Array;
  /** 1 per row */
  rhs: Float64Array;
  /** 4 per row, −1 where unused */
  points: Int32Array;
  /** 4 per row */
  weights: Float64Array;
}

/** What one constrained solve did. */
export interface KktReport {
  /** rows in the solve */
  rows: number;
  /** points whose F_q = A⁻¹a_q had to be computed (cache misses) */
  newPoints: number;
  /** Tikhonov regularization added to the Schur complement's diagonal, relative to its mean (0 when it was definite) */
  regularization: number;
}

/** An incremental KKT solver bound to one factored A (incrementalKktSolver). */
export interface IncrementalKktSolver {
  /**
   * Solves [A Bᵀ; B 0][x; λ] = [b; d] for the rows.
   * @param b            N×3 right-hand side
   * @param rows         constraint rows B, d
   * @param x            N×3 receives x
   * @param multipliers  receives λ (≥ rows.count entries)
   */
  solve(b: Float64Array, rows: KktRows, x: Float64Array, multipliers: Float64Array): KktReport;
  /** forgets every cached F_q (call when A or the space changes) */
  clear(): void;
  /** number of points with a cached F_q */
  readonly cachedPoints: number;
}

/**
 * Incremental solve of the constrained ARAP global step, seed 004 §3.6, Eqs. 3.24–3.25: with A factored once,
 *   λ = S⁻¹(B·A⁻¹b − d),  x = A⁻¹b − F·λ,  F = A⁻¹Bᵀ,  S = B·A⁻¹·Bᵀ,
 * costing one 3-column back-substitution plus a dense k×k Cholesky for k rows. F is cached per point, not per row
 * (§3.6 acceleration 3, "F_i = L̃⁻¹(S_iU)ᵀ"): a row's F is n ⊗ Σ ω_q F_q, so a point that touches again, or slides
 * along another collider, costs nothing, and S's entries are (n_j·n_k)·Σ ω ω′ a_qᵀF_q′ from a cached point Gram
 * matrix. The cache is dropped when it would exceed maxCachedNumbers (a session touching many points in a large
 * full-space model) and whenever the caller changes A (clear()).
 * Dependent rows (the same point twice, more rows than the subspace can meet) make S singular; it is then
 * regularized by the smallest of 1e-12…1e-3 of its mean diagonal that Cholesky accepts, which turns the offending
 * rows into stiff least-squares penalties instead of failing.
 * With `space.steps`, a solve is also refused when its correction −F·λ would move a
 * vertex by more than MAX_STEP_PER_DEFICIT times the largest row deficit |B·A⁻¹b − d| plus MIN_STEP_LIMIT of the
 * size. Rows that are dependent and inconsistent (a few free vertices between many held ones, each in several rows
 * with different normals: the full-space polish after a reduced drag, held arm vertices pressed 5–14 cm into free
 * body triangles) pass Cholesky at 1e-12 with multipliers of 1e10, and the rounding of F·λ threw vertices 40–60 m
 * (the layered character at 6k vertices; 211 m at 23k, with 15k of its vertices held). The regularization then grows
 * (up to 100× the mean diagonal: soft penalties that meet a fraction of their deficit) until the step is bounded, and
 * if none is, the rows are left out of this solve: what they leave is the next iteration's, and an
 * edit's end check's (intersectionFreeEnd). A cap in sizes instead (5% of the model's) also stopped legitimate pushes:
 * a bar pressed into a block went down 0.22 of the 0.6 asked.
 *
 * @param space             the factored block and the point vectors
 * @param maxCachedNumbers  cap on cached F entries (default 2^25 numbers, 256 MiB)
 * @returns the solver
 */
export function incrementalKktSolver(space: KktSpace, maxCachedNumbers = 2 ** 25): IncrementalKktSolver {
  const N = space.size;
  interface Entry {
    indices: Int32Array;
    values: Float64Array;
    F: Float64Array;
  }
  const cache = new Map<number, Entry>();
  const gram = new Map<number, number>();
  let cachedNumbers = 0;
  const indexScratch = new Int32Array(space.maxPointEntries);
  const valueScratch = new Float64Array(space.maxPointEntries);
  const dense = new Float64Array(N);
  const x0 = new Float64Array(3 * N);
  let schur = new Float64Array(0);
  let residual = new Float64Array(0);
  let rowEntries: (Entry | null)[] = [];
  const empty: Entry = { indices: new Int32Array(0), values: new Float64Array(0), F: new Float64Array(0) };

  const entryOf = (point: number, report: KktReport): Entry => {
    const hit = cache.get(point);
    if (hit) return hit;
    const count = space.pointVector(point, indexScratch, valueScratch);
    if (count === 0) return empty;
    if (cachedNumbers + N > maxCachedNumbers) {
      cache.clear();
      gram.clear();
      cachedNumbers = 0;
    }
    dense.fill(0);
    for (let e = 0; e < count; e++) dense[indexScratch[e]] += valueScratch[e];
    const F = new Float64Array(N);
    space.solve(dense, F, 1);
    const entry = { indices: indexScratch.slice(0, count), values: valueScratch.slice(0, count), F };
    cache.set(point, entry);
    cachedNumbers += N;
    report.newPoints++;
    return entry;
  };
  const gramOf = (p: number, a: Entry, q: number, b: Entry): number => {
    const key = p <= q ? p * 4194304 + q : q * 4194304 + p;
    const hit = gram.get(key);
    if (hit !== undefined) return hit;
    let value = 0;
    for (let e = 0; e < a.indices.length; e++) value += a.values[e] * b.F[a.indices[e]];
    gram.set(key, value);
    return value;
  };

  return {
    get cachedPoints() {
      return cache.size;
    },
    clear() {
      cache.clear();
      gram.clear();
      cachedNumbers = 0;
    },
    solve(b, rows, x, multipliers) {
      const report: KktReport = { rows: rows.count, newPoints: 0, regularization: 0 };
      space.solve(b, x0, 3);
      const k = rows.count;
      if (k === 0) {
        x.set(x0.subarray(0, 3 * N));
        return report;
      }
      if (schur.length < k * k) {
        schur = new Float64Array(Math.max(k * k, 2 * schur.length));
        residual = new Float64Array(Math.max(k, 2 * residual.length));
      }
      if (rowEntries.length < 4 * k) rowEntries = new Array(8 * k).fill(null);
      for (let j = 0; j < k; j++) {
        for (let s = 0; s < 4; s++) {
          const point = rows.points[4 * j + s];
          rowEntries[4 * j + s] = point < 0 ? null : entryOf(point, report);
        }
      }
      // Residual B·x0 − d and Schur complement S = B A⁻¹ Bᵀ.
      for (let j = 0; j < k; j++) {
        const nx = rows.normal[3 * j];
        const ny = rows.normal[3 * j + 1];
        const nz = rows.normal[3 * j + 2];
        let value = -rows.rhs[j];
        for (let s = 0; s < 4; s++) {
          const entry = rowEntries[4 * j + s];
          if (!entry) continue;
          const w = rows.weights[4 * j + s];
          for (let e = 0; e < entry.indices.length; e++) {
            const i = 3 * entry.indices[e];
            value += w * entry.values[e] * (nx * x0[i] + ny * x0[i + 1] + nz * x0[i + 2]);
          }
        }
        residual[j] = value;
        for (let l = 0; l <= j; l++) {
          const dot = nx * rows.normal[3 * l] + ny * rows.normal[3 * l + 1] + nz * rows.normal[3 * l + 2];
          let sum = 0;
          if (dot !== 0) {
            for (let s = 0; s < 4; s++) {
              const a = rowEntries[4 * j + s];
              if (!a || a.indices.length === 0) continue;
              for (let t = 0; t < 4; t++) {
                const c = rowEntries[4 * l + t];
                if (!c || c.indices.length === 0) continue;
                sum += rows.weights[4 * j + s] * rows.weights[4 * l + t] * gramOf(rows.points[4 * j + s], a, rows.points[4 * l + t], c);
              }
            }
          }
          schur[j * k + l] = dot * sum;
          schur[l * k + j] = dot * sum;
        }
      }
      let mean = 0;
      for (let j = 0; j < k; j++) mean += schur[j * k + j] / k;
      if (!(mean > 0)) mean = 1;
      let deficit = 0;
      for (let j = 0; j < k; j++) deficit = Math.max(deficit, Math.abs(residual[j]));
      const steps = space.steps;
      const stepLimit = steps ? MAX_STEP_PER_DEFICIT * deficit + MIN_STEP_LIMIT * steps.size : Infinity;
      // Save the diagonal: a failed Cholesky overwrites the lower triangle, the upper one is intact.
      let factored = false;
      for (const epsilon of steps ? BOUNDED_REGULARIZATIONS : REGULARIZATIONS) {
        for (let j = 0; j < k; j++) {
          for (let l = 0; l < j; l++) schur[j * k + l] = schur[l * k + j];
        }
        if (epsilon > 0) {
          // The diagonal was overwritten by an earlier attempt: rebuild it from the row's own entries.
          for (let j = 0; j < k; j++) schur[j * k + j] = diagonalOf(j) + epsilon * mean;
        }
        if (!denseCholesky(schur.subarray(0, k * k), k)) continue;
        report.regularization = epsilon;
        multipliers.set(residual.subarray(0, k));
        denseCholeskySolve(schur.subarray(0, k * k), k, multipliers);
        corrected(x);
        if (!steps || steps.largest(x, x0) <= stepLimit) {
          factored = true;
          break;
        }
      }
      if (!factored && !steps) throw new Error('incrementalKktSolver: the constraint rows are degenerate (Schur complement not factorable)');
      if (!factored) {
        // No regularization bounds the step: this solve leaves the rows out.
        x.set(x0.subarray(0, 3 * N));
        multipliers.fill(0, 0, k);
      }
      return report;

      /** x = x0 − F·λ for the multipliers. */
      function corrected(x: Float64Array): void {
        x.set(x0.subarray(0, 3 * N));
        for (let j = 0; j < k; j++) {
          const lambda = multipliers[j];
          if (lambda === 0) continue;
          const nx = rows.normal[3 * j] * lambda;
          const ny = rows.normal[3 * j + 1] * lambda;
          const nz = rows.normal[3 * j + 2] * lambda;
          for (let s = 0; s < 4; s++) {
            const entry = rowEntries[4 * j + s];
            if (!entry || entry.indices.length === 0) continue;
            const w = rows.weights[4 * j + s];
            const F = entry.F;
            for (let i = 0; i < N; i++) {
              const f = w * F[i];
              x[3 * i] -= nx * f;
              x[3 * i + 1] -= ny * f;
              x[3 * i + 2] -= nz * f;
            }
          }
        }
      }

      function diagonalOf(j: number): number {
        let sum = 0;
        const nn = rows.normal[3 * j] ** 2 + rows.normal[3 * j + 1] ** 2 + rows.normal[3 * j + 2] ** 2;
        for (let s = 0; s < 4; s++) {
          const a = rowEntries[4 * j + s];
          if (!a || a.indices.length === 0) continue;
          for (let t = 0; t < 4; t++) {
            const c = rowEntries[4 * j + t];
            if (!c || c.indices.length === 0) continue;
            sum += rows.weights[4 * j + s] * rows.weights[4 * j + t] * gramOf(rows.points[4 * j + s], a, rows.points[4 * j + t], c);
          }
        }
        return nn * sum;
      }
    },
  };
}

/** The regularizations tried, relative to the Schur complement's mean diagonal (the first Cholesky accepts). */
const REGULARIZATIONS = [0, 1e-12, 1e-9, 1e-6, 1e-3];
/** With a step limit, on up to soft penalties (the first whose step is within the limit). */
const BOUNDED_REGULARIZATIONS = [...REGULARIZATIONS, 1e-2, 1e-1, 1, 10, 100];
/** A vertex may move by at most this many times the largest row deficit (a point against a triangle whose free
 * corners carry a tenth of the row moves its corners about 3× the deficit; 30 leaves room for rows that push together) */
const MAX_STEP_PER_DEFICIT = 30;
/** … plus this share of the model's size (rows already met: rounding) */
const MIN_STEP_LIMIT = 1e-3;
