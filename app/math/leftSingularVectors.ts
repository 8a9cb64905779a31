import { mulberry32Words } from './mulberry32.ts';
import { symmetricEigen } from './symmetricEigen.ts';

/** The leading left singular vectors of a matrix and their singular values. */
export interface LeftSingularVectors {
  /** rows×rank, row-major: column k is the k-th left singular vector u_k (orthonormal columns; zero past the matrix's rank) */
  vectors: Float64Array;
  /** rank singular values σ_k, decreasing (0 past the matrix's rank) */
  values: Float64Array;
  /** the number of columns of `vectors` */
  rank: number;
}

/**
 * The `rank` leading left singular vectors of a dense rows×cols matrix X (X ≈ U·Σ·Vᵀ), by randomized subspace
 * iteration: Halko, Martinsson & Tropp 2011, "Finding structure with randomness", Algorithm 4.4 (randomized
 * subspace iteration, q power steps with re-orthonormalization, so the error decays like (σ_{l+1}/σ_k)^(2q+1)),
 * then Algorithm 5.1 (direct SVD of the small B = Qᵀ·X, here through the eigen-decomposition of B·Bᵀ).
 * With few rows (≤ 2·rank, or ≤ 512 where that costs fewer flops than the sketch) the Gram matrix X·Xᵀ is
 * decomposed directly (symmetricEigen), and with fewer columns than rows XᵀX, which is exact.
 *
 * Cost O(rows·cols·rank·(2q + 2)), or O(rows²·cols + rows³) exactly; the sketch is Gaussian from a fixed seed, so the result is deterministic.
 * The caller that needs a guarantee (an error bound) measures the residual of the projection onto the vectors
 * itself: this gives the best rank-k subspace up to the sketch's accuracy, not a certificate.
 *
 * @param matrix           rows×cols numbers, row-major X
 * @param rows             number of rows (frames, for the bake)
 * @param cols             number of columns
 * @param rank             how many singular vectors to compute (clamped to min(rows, cols))
 * @param powerIterations  q (default 2)
 * @returns the vectors (rows×rank), the singular values and the rank actually computed
 */
export function leftSingularVectors(matrix: ArrayLike<number>, rows: number, cols: number, rank: number, powerIterations = 2): LeftSingularVectors {
  const l = Math.max(0, Math.min(rank, rows, cols));
  if (l === 0) return { vectors: new Float64Array(0), values: new Float64Array(0), rank: 0 };
  if (cols < rows && cols <= EXACT_ROWS) return fromColumnGram(matrix, rows, cols, l);
  // Exact through the rows' Gram matrix when it costs less than the sketch (flop estimates of both).
  const exactCost = 0.5 * rows * rows * cols + 9 * rows * rows * rows;
  const sketchCost = (2 * powerIterations + 2) * rows * cols * l + 4 * (powerIterations + 1) * (rows + cols) * l * l;
  // Q: m orthonormal columns of length rows spanning (an approximation of) the leading left singular subspace,
  // stored column-major (column k at Q[k·rows …]) so every inner loop runs over contiguous memory.
  let Q: Float64Array;
  let m: number;
  if (rows <= 2 * l || (rows <= EXACT_ROWS && exactCost <= sketchCost)) {
    // Exact: the Gram matrix of all rows (X = I·X).
    m = rows;
    Q = new Float64Array(rows * rows);
    for (let r = 0; r < rows; r++) Q[r * rows + r] = 1;
  } else {
    m = l;
    const random = gaussianSource(0x6f76_6c70);
    const omega = new Float64Array(cols * m);
    for (let i = 0; i < omega.length; i++) omega[i] = random();
    Q = new Float64Array(rows * m);
    multiply(matrix, rows, cols, omega, m, Q);
    orthonormalizeColumns(Q, rows, m);
    const Z = new Float64Array(cols * m);
    for (let q = 0; q < powerIterations; q++) {
      multiplyTransposed(matrix, rows, cols, Q, m, Z);
      orthonormalizeColumns(Z, cols, m);
      multiply(matrix, rows, cols, Z, m, Q);
      orthonormalizeColumns(Q, rows, m);
    }
  }
  // B = Qᵀ·X (m×cols, row k = Xᵀ q_k), then M = B·Bᵀ = Ũ·Σ²·Ũᵀ and U = Q·Ũ.
  const B = new Float64Array(m * cols);
  multiplyTransposed(matrix, rows, cols, Q, m, B);
  const M = new Float64Array(m * m);
  for (let a = 0; a < m; a++) {
    for (let b = a; b < m; b++) {
      let sum = 0;
      for (let c = 0; c < cols; c++) sum += B[a * cols + c] * B[b * cols + c];
      M[a * m + b] = M[b * m + a] = sum;
    }
  }
  const eigenvectors = new Float64Array(m * m);
  const eigenvalues = new Float64Array(m);
  symmetricEigen(M, m, eigenvectors, eigenvalues);
  const vectors = new Float64Array(rows * l);
  const values = new Float64Array(l);
  for (let k = 0; k < l; k++) {
    values[k] = Math.sqrt(Math.max(0, eigenvalues[k]));
    for (let j = 0; j < m; j++) {
      const e = eigenvectors[j * m + k];
      if (e === 0) continue;
      for (let r = 0; r < rows; r++) vectors[r * l + k] += Q[j * rows + r] * e;
    }
  }
  return { vectors, values, rank: l };
}

/**
 * Exact, for a matrix with fewer columns than rows: XᵀX = V·Σ²·Vᵀ, then u_k = X·v_k / σ_k (zero for σ_k at
 * rounding level, below 1e-7·σ_1: the Gram matrix squares the condition number).
 */
function fromColumnGram(X: ArrayLike<number>, rows: number, cols: number, l: number): LeftSingularVectors {
  const G = new Float64Array(cols * cols);
  for (let r = 0; r < rows; r++) {
    const x = r * cols;
    for (let a = 0; a < cols; a++) {
      const value = X[x + a];
      if (value === 0) continue;
      for (let b = a; b < cols; b++) G[a * cols + b] += value * X[x + b];
    }
  }
  for (let a = 0; a < cols; a++) for (let b = 0; b < a; b++) G[a * cols + b] = G[b * cols + a];
  const V = new Float64Array(cols * cols);
  const eigenvalues = new Float64Array(cols);
  symmetricEigen(G, cols, V, eigenvalues);
  const vectors = new Float64Array(rows * l);
  const values = new Float64Array(l);
  const floor = 1e-7 * Math.sqrt(Math.max(0, eigenvalues[0]));
  for (let k = 0; k < l; k++) {
    const sigma = Math.sqrt(Math.max(0, eigenvalues[k]));
    if (!(sigma > floor)) continue;
    values[k] = sigma;
    for (let r = 0; r < rows; r++) {
      let sum = 0;
      for (let c = 0; c < cols; c++) sum += X[r * cols + c] * V[c * cols + k];
      vectors[r * l + k] = sum / sigma;
    }
  }
  return { vectors, values, rank: l };
}

/** Up to this many rows the Gram matrix is decomposed exactly (the eigen-decomposition takes about a second at 512). */
const EXACT_ROWS = 512;

/** out (m columns of length rows, column-major) = X (rows×cols, row-major) · Y (m columns of length cols, column-major). */
function multiply(X: ArrayLike<number>, rows: number, cols: number, Y: Float64Array, m: number, out: Float64Array): void {
  for (let k = 0; k < m; k++) {
    const y = k * cols;
    for (let r = 0; r < rows; r++) {
      const x = r * cols;
      let sum = 0;
      for (let c = 0; c < cols; c++) sum += X[x + c] * Y[y + c];
      out[k * rows + r] = sum;
    }
  }
}

/** out (m columns of length cols, column-major; equally m×cols row-major) = Xᵀ · Y (m columns of length rows, column-major). */
function multiplyTransposed(X: ArrayLike<number>, rows: number, cols: number, Y: Float64Array, m: number, out: Float64Array): void {
  out.fill(0, 0, m * cols);
  for (let k = 0; k < m; k++) {
    const o = k * cols;
    for (let r = 0; r < rows; r++) {
      const q = Y[k * rows + r];
      if (q === 0) continue;
      const x = r * cols;
      for (let c = 0; c < cols; c++) out[o + c] += q * X[x + c];
    }
  }
}

/**
 * Modified Gram–Schmidt, twice ("twice is enough": Giraud, Langou & Rozložník 2005), on m column-major columns
 * of length n. A column that is (numerically) in the span of the previous ones becomes zero.
 */
function orthonormalizeColumns(A: Float64Array, n: number, m: number): void {
  for (let k = 0; k < m; k++) {
    const a = k * n;
    let original = 0;
    for (let i = 0; i < n; i++) original += A[a + i] * A[a + i];
    for (let pass = 0; pass < 2; pass++) {
      for (let j = 0; j < k; j++) {
        const b = j * n;
        let dot = 0;
        for (let i = 0; i < n; i++) dot += A[b + i] * A[a + i];
        if (dot === 0) continue;
        for (let i = 0; i < n; i++) A[a + i] -= dot * A[b + i];
      }
    }
    let norm = 0;
    for (let i = 0; i < n; i++) norm += A[a + i] * A[a + i];
    const scale = norm > 1e-24 * original && norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < n; i++) A[a + i] *= scale;
  }
}

/** Standard normal numbers from a fixed seed (Mulberry32 words as uniforms in (0, 1), Box–Muller). */
function gaussianSource(seed: number): () => number {
  const word = mulberry32Words(seed);
  const uniform = () => (word() + 0.5) / 4294967296;
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}
