import { leftSingularVectors } from '../math/index.ts';
import { hypot3 } from '../math/index.ts';

/** A small basis of morph targets and per-frame weights that replays per-frame deltas within a bound. */
export interface CompactShapes {
  /** T, the number of shapes to write (≤ maxShapes when `fits`): K basis shapes and, when K > 0, one bias shape */
  shapeCount: number;
  /** T×#R×3 position shapes [m], zero outside the fitted vertices; the last is the bias */
  shapes: Float32Array;
  /** T×#R×3 normal shapes, or null when no normal deltas were given */
  normalShapes: Float32Array | null;
  /** #F×T weight of each shape at each frame, in [0, 1] (the bias shape's is 1) */
  frameWeights: Float32Array;
  /** largest replay error over frames and vertices [m]: max over t, i of scale_i·|Σ_k w_tk·S_k,i − d_t,i| (float32 values) */
  maxError: number;
  /** root-mean-square replay error over the moving vertices and frames [m] (scale_i included) */
  rmsError: number;
  /** whether maxError ≤ tolerance with at most maxShapes shapes (false: the caller must split, see shapeChunks) */
  fits: boolean;
  /** vertices with a non-zero delta in some frame (only they enter the fit) */
  movingVertexCount: number;
}

/** What compactShapes fits. */
export interface CompactShapesInput {
  /** #F×#R×3 per-frame deltas (bind-space corrective deltas, or cache offsets), render-vertex order */
  deltas: Float32Array;
  /** #F×#R×3 per-frame normal deltas, or null */
  normalDeltas: Float32Array | null;
  frameCount: number;
  /** #R per vertex: how much a bind-space error can grow in world space (the largest singular value of its skin matrix over the frames); null = 1 */
  errorScale: Float32Array | null;
  /** #R per-vertex column weight of the least-squares fit (the bound itself is uniform); null = 1 */
  importance: Float32Array | null;
  /** the bound on scale_i·|error| [m] */
  tolerance: number;
  /** the cap T ≤ maxShapes on the shapes written (bias included) */
  maxShapes: number;
  /** render vertices to fit (a chunk), or null for all; the others get zero shapes */
  vertices: Uint32Array | null;
  /** return early, without shapes, when the cap cannot meet the bound (shapeChunks probing a part); default false */
  onlyIfFits?: boolean;
}

/**
 * Compact corrective shapes: the per-frame delta matrix X (#F × 3#R, one row per frame) is approximated by its
 * truncated SVD, X ≈ U_K·(U_Kᵀ·X), with the fewest K whose replay meets the error bound at every frame and vertex
 * (Eckart–Young: U_K U_Kᵀ X is the best rank-K approximation in the Frobenius norm; the max-norm bound is checked
 * on it, adding one singular vector at a time). The shapes are the rows of U_Kᵀ·X and the weights the columns
 * of U_K, written as weights in [0, 1] plus one bias shape: with u_k ∈ [a_k, b_k] over the frames,
 * u_k·S_k = a_k·S_k + (u_k − a_k)·S_k, so shape k becomes (b_k − a_k)·S_k with weight (u_k − a_k)/(b_k − a_k),
 * and the bias Σ_k a_k·S_k takes weight 1 at every baked frame (0 at the fade keys, where everything is 0, so
 * the fade in and out is unchanged). Players and DCCs clamp morph weights: Unity to [0, 100 %], Blender 3.4's
 * importer to [0, 1] unless the first key is outside it; non-negative weights in [0, 1] play everywhere.
 * Vertices that never move do not enter the SVD and get exact zeros in every shape (sparse accessors drop them).
 * Normal deltas are projected on the same U_K (the least-squares normal shapes for those weights, since U_K has
 * orthonormal columns), so lighting follows the replayed motion.
 *
 * The left singular vectors come from randomized subspace iteration (leftSingularVectors), O(#F·#R·K); the bound
 * is verified on the float32 values that are written, so the reported error is the file's.
 *
 * @param input  deltas, normal deltas, frame count, per-vertex error scale and fit importance, tolerance, cap, vertex subset
 * @returns the shapes, the weights per frame and the achieved errors; fits = false when the cap is not enough
 */
export function compactShapes(input: CompactShapesInput): CompactShapes {
  const { deltas, normalDeltas, frameCount: F, errorScale, importance, tolerance, maxShapes } = input;
  const R = F > 0 ? deltas.length / (3 * F) : 0;
  const subset = input.vertices ?? Uint32Array.from({ length: R }, (_, i) => i);
  // Moving vertices: the columns of X.
  const moving = nonZeroVertices(deltas, subset, F, R);
  const M = moving.length;
  const C = 3 * M;
  const X = new Float64Array(F * C);
  /** X ← the moving columns of the deltas, each vertex's three scaled by weight(vertex). */
  const gather = (weight: (vertex: number) => number) => {
    for (let t = 0; t < F; t++) {
      for (let m = 0; m < M; m++) {
        const o = (t * R + moving[m]) * 3;
        const c = weight(moving[m]);
        for (let a = 0; a < 3; a++) X[t * C + 3 * m + a] = c * deltas[o + a];
      }
    }
  };
  const scaleOf = (m: number) => (errorScale ? errorScale[moving[m]] : 1);
  const scales = new Float64Array(M);
  for (let m = 0; m < M; m++) scales[m] = scaleOf(m);
  // The bias shape takes one of the cap's places.
  const cap = Math.max(0, Math.floor(maxShapes) - 1);
  // The basis comes from the importance-weighted matrix; the shapes are the projection of the plain deltas on it.
  gather(importance ? (v) => Math.max(importance[v], 1e-6) : () => 1);
  const svd = leftSingularVectors(X, F, C, Math.min(cap + 8, F, C));
  if (importance) gather(() => 1);
  const available = Math.min(cap, svd.rank);
  const U = svd.vectors;
  const L = svd.rank;

  // The fewest K whose residual X − U_K·(U_Kᵀ·X) meets the bound: start from the K below which the bound cannot
  // hold (the squared residual is Σ_{k≥K} σ_k², so some entry is at least its mean) and add one singular vector at a
  // time; reaching K = available without meeting it means the cap is not enough (a part being probed by
  // shapeChunks stops here). Each residual entry is X minus the same terms in the same order whichever K is tried,
  // so this finds the K (and the residual) that checking K = available first and then searching upward found,
  // without the K = available pass (available subtractions and shape rows of #F·3#M each, most of the fit when the
  // clip has fewer frames than the cap: measured 60 of 60 on the layered character's walk).
  const rows: Float64Array[] = [];
  const residual = new Float64Array(F * C);
  const subtract = (k: number) => {
    const row = shapeRow(k);
    for (let t = 0; t < F; t++) {
      const u = U[t * L + k];
      if (u === 0) continue;
      const o = t * C;
      for (let c = 0; c < C; c++) residual[o + c] -= u * row[c];
    }
  };
  let total = 0;
  for (let i = 0; i < X.length; i++) total += X[i] * X[i];
  let smallestScale = Infinity;
  for (let m = 0; m < M; m++) smallestScale = Math.min(smallestScale, scales[m]);
  let lowest = 0;
  let tail = total;
  while (lowest < available && smallestScale * Math.sqrt(Math.max(0, tail) / Math.max(1, F * M)) > tolerance) {
    tail -= svd.values[lowest] ** 2;
    lowest++;
  }
  // Skip, without touching the residual, every K that a per-vertex lower bound already rules out: over the frames
  // max_t |r_t,m| ≥ (Σ_t |r_t,m|² / #F)^½, and the residual energy of column c is |x_c|² − Σ_{k<K} (u_kᵀx_c)²
  // (U has orthonormal columns), one C-vector update per shape row instead of an #F·3#M sweep and a check. The
  // bound is lowered by far more than the rounding of that difference can reach (1e-9·|x_c|²), so a K it skips
  // fails the exact check too, and the K found, the rows and the residual are those of the one-at-a-time search.
  let K = lowest;
  const energy = new Float64Array(C);
  for (let t = 0; t < F; t++) for (let c = 0; c < C; c++) energy[c] += X[t * C + c] * X[t * C + c];
  const left = Float64Array.from(energy);
  for (let k = 0; k < K; k++) removeRowEnergy(left, shapeRow(k));
  while (K < available && residualLowerBound(left, energy, scales, F) > tolerance) removeRowEnergy(left, shapeRow(K++));
  residual.set(X);
  subtractRows(residual, U, L, rows, K, F, C);
  let worst = maxResidual(residual, F, M, scales);
  while (worst > tolerance && K < available) {
    subtract(K);
    K++;
    worst = maxResidual(residual, F, M, scales);
  }
  if (worst > tolerance && input.onlyIfFits) {
    return {
      shapeCount: 0,
      shapes: new Float32Array(0),
      normalShapes: null,
      frameWeights: new Float32Array(0),
      maxError: worst,
      rmsError: NaN,
      fits: false,
      movingVertexCount: M,
    };
  }
  // The written values are float32: verify on them, and take one more shape in the rare case rounding breaks the bound.
  for (;;) {
    const result = written(K);
    if (result.maxError <= tolerance || K >= available) return { ...result, fits: result.maxError <= tolerance, movingVertexCount: M };
    K++;
  }

  /** Row k of U_Kᵀ·X (the k-th shape before rescaling), computed once. */
  function shapeRow(k: number): Float64Array {
    if (!rows[k]) {
      rows[k] = new Float64Array(C);
      projectRow(X, U, L, k, F, C, rows[k]);
    }
    return rows[k];
  }

  function written(K: number): Omit<CompactShapes, 'fits' | 'movingVertexCount'> {
    const T = K > 0 ? K + 1 : 0;
    const shapes = new Float32Array(T * R * 3);
    const normalShapes = normalDeltas ? new Float32Array(T * R * 3) : null;
    const frameWeights = new Float32Array(F * T);
    // Shape k: range_k·S_k, weight (u_k − low_k)/range_k; the bias Σ low_k·S_k, weight 1.
    const low = new Float64Array(K);
    const range = new Float64Array(K);
    const bias = new Float64Array(C);
    for (let k = 0; k < K; k++) {
      let a = Infinity;
      let b = -Infinity;
      for (let t = 0; t < F; t++) {
        a = Math.min(a, U[t * L + k]);
        b = Math.max(b, U[t * L + k]);
      }
      low[k] = a;
      range[k] = b > a ? b - a : 1;
      for (let t = 0; t < F; t++) frameWeights[t * T + k] = (U[t * L + k] - a) / range[k];
      const row = shapeRow(k);
      for (let m = 0; m < M; m++) for (let c = 0; c < 3; c++) shapes[(k * R + moving[m]) * 3 + c] = row[3 * m + c] * range[k];
      for (let c = 0; c < C; c++) bias[c] += a * row[c];
    }
    if (K > 0) {
      for (let t = 0; t < F; t++) frameWeights[t * T + K] = 1;
      for (let m = 0; m < M; m++) for (let c = 0; c < 3; c++) shapes[(K * R + moving[m]) * 3 + c] = bias[3 * m + c];
    }
    if (normalShapes && normalDeltas && K > 0) {
      // Normal shapes on every fitted vertex, moving or not (a still vertex next to a moving one turns): U_Kᵀ·N,
      // rescaled like the position shapes.
      // Shape by shape, frames in order (each sum adds the same terms in the same order as frame by frame did;
      // one shape's sums stay in cache instead of all of them being swept once a frame).
      // Vertices whose normal deltas are zero in every frame keep zero sums (+0 plus ±0 is +0), so they are skipped.
      const turning = nonZeroVertices(normalDeltas, subset, F, R);
      const sums = new Float64Array(T * R * 3);
      for (let k = 0; k < K; k++) {
        const o = k * R * 3;
        for (let t = 0; t < F; t++) {
          const u = U[t * L + k];
          if (u === 0) continue;
          const frame = t * R * 3;
          for (let i = 0; i < turning.length; i++) {
            const v3 = 3 * turning[i];
            sums[o + v3] += u * normalDeltas[frame + v3];
            sums[o + v3 + 1] += u * normalDeltas[frame + v3 + 1];
            sums[o + v3 + 2] += u * normalDeltas[frame + v3 + 2];
          }
        }
      }
      const b = K * R * 3;
      for (let k = 0; k < K; k++) {
        const o = k * R * 3;
        for (let i = 0; i < subset.length; i++) {
          const v3 = 3 * subset[i];
          for (let c = 0; c < 3; c++) {
            sums[b + v3 + c] += low[k] * sums[o + v3 + c];
            sums[o + v3 + c] *= range[k];
          }
        }
      }
      normalShapes.set(sums);
    }
    // Replay error of the float32 values, frame by frame.
    let maxError = 0;
    let squares = 0;
    const replay = new Float64Array(C);
    // The written (float32) shapes on the moving vertices only, contiguous.
    const packed = new Float32Array(T * C);
    for (let k = 0; k < T; k++) for (let m = 0; m < M; m++) for (let c = 0; c < 3; c++) packed[k * C + 3 * m + c] = shapes[(k * R + moving[m]) * 3 + c];
    for (let t = 0; t < F; t++) {
      replay.fill(0);
      for (let k = 0; k < T; k++) {
        const w = frameWeights[t * T + k];
        if (w === 0) continue;
        const o = k * C;
        for (let c = 0; c < C; c++) replay[c] += w * packed[o + c];
      }
      for (let m = 0; m < M; m++) {
        const x = t * C + 3 * m;
        const e = scales[m] * hypot3(replay[3 * m] - X[x], replay[3 * m + 1] - X[x + 1], replay[3 * m + 2] - X[x + 2]);
        if (e > maxError) maxError = e;
        squares += e * e;
      }
    }
    const rmsError = F * M > 0 ? Math.sqrt(squares / (F * M)) : 0;
    return { shapeCount: T, shapes, normalShapes, frameWeights, maxError, rmsError };
  }
}

/** row (C) = u_kᵀ X, the k-th shape before rescaling. */
function projectRow(X: Float64Array, U: Float64Array, L: number, k: number, F: number, C: number, row: Float64Array): void {
  row.fill(0);
  for (let t = 0; t < F; t++) {
    const u = U[t * L + k];
    if (u === 0) continue;
    for (let c = 0; c < C; c++) row[c] += u * X[t * C + c];
  }
}

/** residual ← residual − Σ_{k<K} u_k·row_k, entry by entry in the order k = 0, 1, … (one sweep over the frames). */
function subtractRows(residual: Float64Array, U: Float64Array, L: number, rows: Float64Array[], K: number, F: number, C: number): void {
  for (let t = 0; t < F; t++) {
    const o = t * C;
    for (let k = 0; k < K; k++) {
      const u = U[t * L + k];
      if (u === 0) continue;
      const row = rows[k];
      for (let c = 0; c < C; c++) residual[o + c] -= u * row[c];
    }
  }
}

/** energy_c ← energy_c − row_c²: column c's residual energy once the shape of this row is taken out. */
function removeRowEnergy(energy: Float64Array, row: Float64Array): void {
  for (let c = 0; c < energy.length; c++) energy[c] -= row[c] * row[c];
}

/**
 * A lower bound on max_t,m scale_m·|r_t,m| from the columns' residual energies `left`, each less its rounding margin
 * 1e-9 × the column's whole energy `energy`.
 */
function residualLowerBound(left: Float64Array, energy: Float64Array, scales: Float64Array, F: number): number {
  let bound = 0;
  for (let m = 0; m < scales.length; m++) {
    const c = 3 * m;
    const e = left[c] - 1e-9 * energy[c] + left[c + 1] - 1e-9 * energy[c + 1] + left[c + 2] - 1e-9 * energy[c + 2];
    if (e > 0) bound = Math.max(bound, scales[m] * Math.sqrt(e / F));
  }
  return bound;
}

/** The vertices of the subset whose #F×#R×3 per-frame vectors are non-zero in some frame (moving, or turning). */
function nonZeroVertices(perFrame: Float32Array, subset: Uint32Array, F: number, R: number): Uint32Array {
  const found: number[] = [];
  for (const v of subset) {
    for (let t = 0; t < F; t++) {
      const o = (t * R + v) * 3;
      if (perFrame[o] !== 0 || perFrame[o + 1] !== 0 || perFrame[o + 2] !== 0) {
        found.push(v);
        break;
      }
    }
  }
  return Uint32Array.from(found);
}

/** max over frames and vertices of scale_m·|residual_t,m|. */
function maxResidual(residual: Float64Array, F: number, M: number, scales: Float64Array): number {
  let worst = 0;
  for (let t = 0; t < F; t++) {
    const o = t * 3 * M;
    for (let m = 0; m < M; m++) {
      const x = residual[o + 3 * m];
      const y = residual[o + 3 * m + 1];
      const z = residual[o + 3 * m + 2];
      const e = scales[m] * Math.sqrt(x * x + y * y + z * z);
      if (e > worst) worst = e;
    }
  }
  return worst;
}
