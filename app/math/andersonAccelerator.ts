import { denseCholesky } from './denseCholesky.ts';
import { denseCholeskySolve } from './denseCholeskySolve.ts';

/** Anderson acceleration state for one fixed-point iteration u ← G(u) of a given size (andersonAccelerator). */
export interface AndersonAccelerator {
  /** G of the last call to next: the plain (unaccelerated) iterate, the safe fallback when an accelerated one is rejected */
  readonly lastPlainIterate: Float64Array;
  /** starts a new solve: forgets the history and the previous iterate */
  reset(): void;
  /** forgets the history but keeps the previous iterate (after a rejected accelerated step) */
  restart(): void;
  /**
   * Takes one step: records the differences to the previous (G, f) pair, then writes the accelerated iterate
   * u = G − Σ_j θ_j ΔG_j into out, θ = argmin ‖f − ΔF·θ‖, or G itself when there is no usable history.
   * @param G    the plain fixed-point step G(u)
   * @param f    its residual G(u) − u
   * @param out  receives the next iterate (may not alias G or f)
   * @returns true when out is an accelerated iterate, false when it is G
   */
  next(G: Float64Array, f: Float64Array, out: Float64Array): boolean;
}

/**
 * Anderson acceleration of a local/global (fixed-point) iteration, Peng et al. 2018, "Anderson Acceleration for
 * Geometry Optimization and Physics Simulation", Alg. 2 (type-II Anderson with depth m): the caller evaluates the
 * energy at the accelerated iterate and falls back to lastPlainIterate (and restart()) when it increased, so the
 * plain step's monotone decrease is kept. Shared by the fitting of seed 004 Eq. 4.1 (tetTargetFitter) and ARAP
 * (app/solvers/arap). θ comes from the m×m normal equations, Tikhonov-regularized at 1e-10 of their trace and
 * solved by Cholesky; a degenerate system gives the plain step. All buffers are allocated here, none per step.
 *
 * @param size   length of the iterate (e.g. 3·#V)
 * @param depth  history length m (Peng et al. use 5–6)
 * @returns the accelerator
 */
export function andersonAccelerator(size: number, depth: number): AndersonAccelerator {
  const previousG = new Float64Array(size);
  const previousF = new Float64Array(size);
  const historyG = Array.from({ length: depth }, () => new Float64Array(size));
  const historyF = Array.from({ length: depth }, () => new Float64Array(size));
  const normal = new Float64Array(depth * depth);
  const theta = new Float64Array(depth);
  // gram[a·depth + b] = ΔF_a · ΔF_b for every pair of slots, updated when a slot is written (a history entry's dot
  // products do not change until it is overwritten): a step computes depth + count dot products, not count² / 2.
  const gram = new Float64Array(depth * depth);
  const dots = new Float64Array(depth);
  let historyCount = 0;
  let historyNext = 0;
  let hasPrevious = false;
  return {
    lastPlainIterate: previousG,
    reset() {
      historyCount = 0;
      historyNext = 0;
      hasPrevious = false;
    },
    restart() {
      historyCount = 0;
    },
    next(G, f, out) {
      if (hasPrevious) {
        const dg = historyG[historyNext];
        const df = historyF[historyNext];
        for (let i = 0; i < size; i++) {
          dg[i] = G[i] - previousG[i];
          df[i] = f[i] - previousF[i];
        }
        slotDots(historyF, df, depth, dots);
        for (let j = 0; j < depth; j++) gram[historyNext * depth + j] = gram[j * depth + historyNext] = dots[j];
        historyNext = (historyNext + 1) % depth;
        historyCount = Math.min(depth, historyCount + 1);
      }
      previousG.set(G);
      previousF.set(f);
      hasPrevious = true;
      const accelerated = historyCount > 0 && andersonCoefficients(historyF, historyCount, f, gram, depth, normal, theta);
      if (accelerated) {
        for (let i = 0; i < size; i++) {
          let value = G[i];
          for (let j = 0; j < historyCount; j++) value -= theta[j] * historyG[j][i];
          out[i] = value;
        }
      } else {
        out.set(G);
      }
      return accelerated;
    },
  };
}

/**
 * θ = argmin ‖f − ΔF·θ‖ by the m×m normal equations (Tikhonov-regularized at 1e-10 of the trace, Cholesky).
 * Returns false when the system is degenerate, in which case the caller takes the plain step.
 */
function andersonCoefficients(
  historyF: Float64Array[],
  count: number,
  f: Float64Array,
  gram: Float64Array,
  depth: number,
  normal: Float64Array,
  theta: Float64Array,
): boolean {
  const m = count;
  let trace = 0;
  for (let a = 0; a < m; a++) {
    for (let b = 0; b <= a; b++) {
      const dot = gram[a * depth + b];
      normal[a * m + b] = dot;
      normal[b * m + a] = dot;
    }
    trace += normal[a * m + a];
  }
  slotDots(historyF, f, m, theta);
  if (!(trace > 0)) return false;
  for (let a = 0; a < m; a++) normal[a * m + a] += 1e-10 * trace;
  if (!denseCholesky(normal, m)) return false;
  denseCholeskySolve(normal, m, theta);
  for (let i = 0; i < m; i++) if (!Number.isFinite(theta[i])) return false;
  return true;
}

/**
 * out[j] = history[j] · v for j < count, in one pass over v (each sum in index order, as a plain loop sums it).
 */
function slotDots(history: Float64Array[], v: Float64Array, count: number, out: Float64Array): void {
  const size = v.length;
  if (count === 5) {
    const [h0, h1, h2, h3, h4] = history;
    let d0 = 0,
      d1 = 0,
      d2 = 0,
      d3 = 0,
      d4 = 0;
    for (let i = 0; i < size; i++) {
      const x = v[i];
      d0 += h0[i] * x;
      d1 += h1[i] * x;
      d2 += h2[i] * x;
      d3 += h3[i] * x;
      d4 += h4[i] * x;
    }
    out[0] = d0;
    out[1] = d1;
    out[2] = d2;
    out[3] = d3;
    out[4] = d4;
    return;
  }
  for (let j = 0; j < count; j++) {
    const h = history[j];
    let dot = 0;
    for (let i = 0; i < size; i++) dot += h[i] * v[i];
    out[j] = dot;
  }
}
