/**
 * Test helpers for the VBD tests: small models, a deterministic random generator, finite differences of the
 * per-element energies, rigid alignment (for "returns to the rest shape" checks).
 */
import { mat3Determinant } from '../../../../app/math/mat3/index.ts';
import { expect } from 'vitest';
import { createVbdModel, type ElementForceHessian, type VbdMaterial, type VbdModel, type VbdModelDescription } from '../../../../app/solvers/vbd/index.ts';

/** Park–Miller style LCG in [0, 1): deterministic tests. */
export function random(seed = 1): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 48271) >>> 0) % 2147483647;
    return s / 2147483647;
  };
}

export const rubber: VbdMaterial = { youngsModulus: 1e5, poissonRatio: 0.3, density: 1000, damping: 0 };

export function model(description: VbdModelDescription): VbdModel {
  return createVbdModel(description);
}

export function evaluate(fn: ElementForceHessian, m: VbdModel, element: number, local: number, x: Float64Array, start = x, inverseTimeStep = 0) {
  const force = new Float64Array(3);
  const hessian = new Float64Array(9);
  fn(m, element, local, x, start, inverseTimeStep, force, hessian);
  return { force, hessian };
}

/** −∂E/∂x_v by central differences. */
export function finiteDifferenceForce(energy: (x: Float64Array) => number, x: Float64Array, vertex: number, step: number): Float64Array {
  return negatedCentralDifferences((y) => [energy(y)], 1, x, vertex, step);
}

/** −∂f/∂x_v (row-major 3×3) by central differences of a force function. */
export function finiteDifferenceHessian(force: (x: Float64Array) => Float64Array, x: Float64Array, vertex: number, step: number): Float64Array {
  return negatedCentralDifferences(force, 3, x, vertex, step);
}

/** −∂g/∂x_v of a function g with `rows` outputs, rows×3 row-major: out[3r + k] = −(g_r(x + h e_k) − g_r(x − h e_k)) / 2h. */
function negatedCentralDifferences(g: (x: Float64Array) => ArrayLike<number>, rows: number, x: Float64Array, vertex: number, step: number): Float64Array {
  const out = new Float64Array(3 * rows);
  const y = Float64Array.from(x);
  for (let k = 0; k < 3; k++) {
    y[3 * vertex + k] = x[3 * vertex + k] + step;
    const plus = g(y);
    y[3 * vertex + k] = x[3 * vertex + k] - step;
    const minus = g(y);
    y[3 * vertex + k] = x[3 * vertex + k];
    for (let r = 0; r < rows; r++) out[3 * r + k] = -(plus[r] - minus[r]) / (2 * step);
  }
  return out;
}

/** How closely a check by central differences must agree: the step h [m], and max |a − b| < relative·max |b| + absolute. */
export interface DifferenceTolerance {
  step: number;
  relative: number;
  absolute?: number;
}

/**
 * Expects element 0's force or Hessian block at each of its vertices 0 … vertexCount − 1 to match central differences:
 * with `energy`, the force against −∂E/∂x_v; without, the Hessian block against −∂f_v/∂x_v of the element's own force.
 */
export function expectFiniteDifferences(
  fn: ElementForceHessian,
  m: VbdModel,
  x: Float64Array,
  vertexCount: number,
  tolerance: DifferenceTolerance,
  label: string,
  energy?: (m: VbdModel, element: number, x: Float64Array) => number,
): void {
  for (let local = 0; local < vertexCount; local++) {
    const { force, hessian } = evaluate(fn, m, 0, local, x);
    const expected = energy
      ? finiteDifferenceForce((y) => energy(m, 0, y), x, local, tolerance.step)
      : finiteDifferenceHessian((y) => evaluate(fn, m, 0, local, y).force, x, local, tolerance.step);
    const value = energy ? force : hessian;
    expect(maxAbsDifference(value, expected), `${label}vertex ${local}`).toBeLessThan(tolerance.relative * maxAbs(expected) + (tolerance.absolute ?? 0));
  }
}

export function maxAbs(a: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < a.length; k++) m = Math.max(m, Math.abs(a[k]));
  return m;
}

export function maxAbsDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < a.length; k++) m = Math.max(m, Math.abs(a[k] - b[k]));
  return m;
}

export function perturbed(x: ArrayLike<number>, amplitude: number, seed: number): Float64Array {
  const r = random(seed);
  return Float64Array.from(x, (v) => v + amplitude * (2 * r() - 1));
}

/**
 * Largest vertex distance between `x` and `reference` after the best proper rigid motion (rotation with det +1 and
 * translation) is applied to `x`: rotation from the polar decomposition of the cross-covariance (Higham iteration).
 * A mirror image of the reference does not align.
 */
export function rigidAlignmentError(x: ArrayLike<number>, reference: ArrayLike<number>): number {
  const n = x.length / 3;
  const cx = [0, 0, 0];
  const cr = [0, 0, 0];
  for (let v = 0; v < n; v++)
    for (let k = 0; k < 3; k++) {
      cx[k] += x[3 * v + k] / n;
      cr[k] += reference[3 * v + k] / n;
    }
  // A = Σ (r − cr)(x − cx)ᵀ; the rotation R maximizing tr(Rᵀ A)... we want R with R(x − cx) ≈ r − cr: R = polar(Σ (r−cr)(x−cx)ᵀ)
  let A = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let v = 0; v < n; v++)
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++) {
        A[3 * a + b] += (reference[3 * v + a] - cr[a]) * (x[3 * v + b] - cx[b]);
      }
  if (mat3Determinant(A) <= 0) return Infinity; // an improper (mirrored) best fit: not the rest shape
  for (let iteration = 0; iteration < 100; iteration++) {
    const d = mat3Determinant(A);
    // inverse transpose = cofactor / det
    const cof = [
      A[4] * A[8] - A[5] * A[7],
      A[5] * A[6] - A[3] * A[8],
      A[3] * A[7] - A[4] * A[6],
      A[2] * A[7] - A[1] * A[8],
      A[0] * A[8] - A[2] * A[6],
      A[1] * A[6] - A[0] * A[7],
      A[1] * A[5] - A[2] * A[4],
      A[2] * A[3] - A[0] * A[5],
      A[0] * A[4] - A[1] * A[3],
    ];
    A = A.map((a, k) => 0.5 * (a + cof[k] / d));
  }
  let worst = 0;
  for (let v = 0; v < n; v++) {
    const p = [0, 1, 2].map((k) => x[3 * v + k] - cx[k]);
    let e = 0;
    for (let a = 0; a < 3; a++) {
      const rotated = A[3 * a] * p[0] + A[3 * a + 1] * p[1] + A[3 * a + 2] * p[2];
      e += (rotated - (reference[3 * v + a] - cr[a])) ** 2;
    }
    worst = Math.max(worst, Math.sqrt(e));
  }
  return worst;
}
