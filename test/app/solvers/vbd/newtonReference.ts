/**
 * An independent Newton solver for the implicit-Euler step (or the quasistatic equilibrium) of stable Neo-Hookean
 * tetrahedra and linear springs, written for the tests: its own rest-shape inverse, lumped masses, energy and
 * analytic gradient (not the solver's), element Hessians by central differences of that gradient, a dense Cholesky
 * solve over the free degrees of freedom and a backtracking line search on G. It shares nothing with
 * app/solvers/vbd except the physics it is meant to agree with.
 */

export interface ReferenceProblem {
  rest: Float64Array;
  tets: Uint32Array;
  /** Lamé μ, λ [Pa] (uniform) */
  mu: number;
  lambda: number;
  density: number;
  springs?: { vertices: Uint32Array; stiffness: number };
  /** #V masses added to the tets' lumped ρV/4 (e.g. the point masses of a spring chain) [kg] */
  extraMasses?: Float64Array;
  /** pinned vertices keep the positions of the start state */
  pinned: Uint8Array;
  gravity: [number, number, number];
  /** substep h [s]; ignored when quasistatic */
  timeStep: number;
  quasistatic: boolean;
}

interface Prepared {
  problem: ReferenceProblem;
  inverse: Float64Array;
  volume: Float64Array;
  masses: Float64Array;
  springRest: Float64Array;
}

export function prepare(problem: ReferenceProblem): Prepared {
  const { rest, tets } = problem;
  const tetCount = tets.length / 4;
  const inverse = new Float64Array(9 * tetCount);
  const volume = new Float64Array(tetCount);
  const masses = new Float64Array(rest.length / 3);
  for (let t = 0; t < tetCount; t++) {
    const v = [0, 1, 2, 3].map((k) => tets[4 * t + k]);
    const D = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) D[3 * r + c] = rest[3 * v[c + 1] + r] - rest[3 * v[0] + r];
    const det = D[0] * (D[4] * D[8] - D[5] * D[7]) - D[1] * (D[3] * D[8] - D[5] * D[6]) + D[2] * (D[3] * D[7] - D[4] * D[6]);
    // inverse by Gauss-Jordan (a different route than the solver's adjugate)
    const a = [...D];
    const b = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    for (let col = 0; col < 3; col++) {
      let pivot = col;
      for (let r = col + 1; r < 3; r++) if (Math.abs(a[3 * r + col]) > Math.abs(a[3 * pivot + col])) pivot = r;
      for (let k = 0; k < 3; k++) {
        [a[3 * col + k], a[3 * pivot + k]] = [a[3 * pivot + k], a[3 * col + k]];
        [b[3 * col + k], b[3 * pivot + k]] = [b[3 * pivot + k], b[3 * col + k]];
      }
      const p = a[3 * col + col];
      for (let k = 0; k < 3; k++) {
        a[3 * col + k] /= p;
        b[3 * col + k] /= p;
      }
      for (let r = 0; r < 3; r++) {
        if (r === col) continue;
        const factor = a[3 * r + col];
        for (let k = 0; k < 3; k++) {
          a[3 * r + k] -= factor * a[3 * col + k];
          b[3 * r + k] -= factor * b[3 * col + k];
        }
      }
    }
    inverse.set(b, 9 * t);
    volume[t] = det / 6;
    for (const vertex of v) masses[vertex] += (problem.density * det) / 24;
  }
  if (problem.extraMasses) for (let v = 0; v < masses.length; v++) masses[v] += problem.extraMasses[v];
  const springs = problem.springs?.vertices ?? new Uint32Array(0);
  const springRest = new Float64Array(springs.length / 2);
  for (let s = 0; s < springRest.length; s++) {
    const i = springs[2 * s];
    const j = springs[2 * s + 1];
    springRest[s] = Math.hypot(rest[3 * i] - rest[3 * j], rest[3 * i + 1] - rest[3 * j + 1], rest[3 * i + 2] - rest[3 * j + 2]);
  }
  return { problem, inverse, volume, masses, springRest };
}

/** Deformation gradient F (row-major) of tet t from 12 corner coordinates. */
function deformation(p: Prepared, t: number, corners: Float64Array): number[] {
  const F = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += (corners[3 * (k + 1) + r] - corners[r]) * p.inverse[9 * t + 3 * k + c];
      F[3 * r + c] = s;
    }
  }
  return F;
}

function tetEnergy(p: Prepared, t: number, corners: Float64Array): number {
  const F = deformation(p, t, corners);
  const { mu, lambda } = p.problem;
  const l = lambda + mu;
  const alpha = 1 + mu / l;
  const J = F[0] * (F[4] * F[8] - F[5] * F[7]) - F[1] * (F[3] * F[8] - F[5] * F[6]) + F[2] * (F[3] * F[7] - F[4] * F[6]);
  const ic = F.reduce((s, v) => s + v * v, 0);
  return p.volume[t] * (0.5 * mu * (ic - 3) + 0.5 * l * (J - alpha) ** 2);
}

/** ∂(V Ψ)/∂corners (12) via P = μF + λ'(J−α)·∂J/∂F and ∂F/∂x. */
function tetGradient(p: Prepared, t: number, corners: Float64Array, out: Float64Array): void {
  const F = deformation(p, t, corners);
  const { mu, lambda } = p.problem;
  const l = lambda + mu;
  const alpha = 1 + mu / l;
  const J = F[0] * (F[4] * F[8] - F[5] * F[7]) - F[1] * (F[3] * F[8] - F[5] * F[6]) + F[2] * (F[3] * F[7] - F[4] * F[6]);
  // ∂J/∂F_rc = cofactor C_rc
  const C = [
    F[4] * F[8] - F[5] * F[7],
    -(F[3] * F[8] - F[5] * F[6]),
    F[3] * F[7] - F[4] * F[6],
    -(F[1] * F[8] - F[2] * F[7]),
    F[0] * F[8] - F[2] * F[6],
    -(F[0] * F[7] - F[1] * F[6]),
    F[1] * F[5] - F[2] * F[4],
    -(F[0] * F[5] - F[2] * F[3]),
    F[0] * F[4] - F[1] * F[3],
  ];
  const P = F.map((f, k) => mu * f + l * (J - alpha) * C[k]);
  // x_{k+1} enters F_rc with weight inverse[k][c]; x_0 with −Σ_k inverse[k][c]
  out.fill(0);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const g = p.volume[t] * P[3 * r + c];
      for (let k = 0; k < 3; k++) {
        const w = p.inverse[9 * t + 3 * k + c];
        out[3 * (k + 1) + r] += g * w;
        out[r] -= g * w;
      }
    }
  }
}

export interface ReferenceStart {
  positions: Float64Array;
  velocities: Float64Array;
}

/** G(x) of the step from `start` (inertia or gravity potential, tets, springs). */
export function referenceEnergy(p: Prepared, start: ReferenceStart, x: Float64Array): number {
  const { problem } = p;
  const h = problem.timeStep;
  let energy = 0;
  for (let v = 0; v < p.masses.length; v++) {
    if (problem.pinned[v]) continue;
    for (let k = 0; k < 3; k++) {
      if (problem.quasistatic) energy -= p.masses[v] * problem.gravity[k] * x[3 * v + k];
      else {
        const y = start.positions[3 * v + k] + h * start.velocities[3 * v + k] + h * h * problem.gravity[k];
        energy += (0.5 * p.masses[v] * (x[3 * v + k] - y) ** 2) / (h * h);
      }
    }
  }
  const corners = new Float64Array(12);
  for (let t = 0; t < p.volume.length; t++) {
    for (let k = 0; k < 4; k++) for (let r = 0; r < 3; r++) corners[3 * k + r] = x[3 * problem.tets[4 * t + k] + r];
    energy += tetEnergy(p, t, corners);
  }
  const springs = problem.springs;
  if (springs) {
    for (let s = 0; s < p.springRest.length; s++) {
      const i = springs.vertices[2 * s];
      const j = springs.vertices[2 * s + 1];
      const length = Math.hypot(x[3 * i] - x[3 * j], x[3 * i + 1] - x[3 * j + 1], x[3 * i + 2] - x[3 * j + 2]);
      energy += 0.5 * springs.stiffness * (length - p.springRest[s]) ** 2;
    }
  }
  return energy;
}

/** ∇G (#V×3; zero on pinned vertices) and, when `hessian` is given, the dense Hessian over all 3V coordinates. */
export function referenceGradient(p: Prepared, start: ReferenceStart, x: Float64Array, gradient: Float64Array, hessian?: Float64Array): void {
  const { problem } = p;
  const n = x.length;
  const h = problem.timeStep;
  gradient.fill(0);
  if (hessian) hessian.fill(0);
  for (let v = 0; v < p.masses.length; v++) {
    for (let k = 0; k < 3; k++) {
      const i = 3 * v + k;
      if (problem.quasistatic) gradient[i] -= p.masses[v] * problem.gravity[k];
      else {
        const y = start.positions[i] + h * start.velocities[i] + h * h * problem.gravity[k];
        gradient[i] += (p.masses[v] * (x[i] - y)) / (h * h);
        if (hessian) hessian[i * n + i] += p.masses[v] / (h * h);
      }
    }
  }
  const corners = new Float64Array(12);
  const g = new Float64Array(12);
  const gp = new Float64Array(12);
  const gm = new Float64Array(12);
  for (let t = 0; t < p.volume.length; t++) {
    const index = (k: number) => 3 * problem.tets[4 * t + Math.floor(k / 3)] + (k % 3);
    for (let k = 0; k < 12; k++) corners[k] = x[index(k)];
    tetGradient(p, t, corners, g);
    for (let k = 0; k < 12; k++) gradient[index(k)] += g[k];
    if (!hessian) continue;
    const eps = 1e-7 * Math.cbrt(p.volume[t] * 6);
    for (let k = 0; k < 12; k++) {
      const saved = corners[k];
      corners[k] = saved + eps;
      tetGradient(p, t, corners, gp);
      corners[k] = saved - eps;
      tetGradient(p, t, corners, gm);
      corners[k] = saved;
      for (let q = 0; q < 12; q++) hessian[index(q) * n + index(k)] += (gp[q] - gm[q]) / (2 * eps);
    }
  }
  const springs = problem.springs;
  if (springs) {
    for (let s = 0; s < p.springRest.length; s++) {
      const i = springs.vertices[2 * s];
      const j = springs.vertices[2 * s + 1];
      const d = [0, 1, 2].map((k) => x[3 * i + k] - x[3 * j + k]);
      const length = Math.hypot(d[0], d[1], d[2]);
      const u = d.map((c) => c / length);
      const k = springs.stiffness;
      for (let a = 0; a < 3; a++) {
        const f = k * (length - p.springRest[s]) * u[a];
        gradient[3 * i + a] += f;
        gradient[3 * j + a] -= f;
      }
      if (!hessian) continue;
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) {
          const block = k * (u[a] * u[b] + (1 - p.springRest[s] / length) * ((a === b ? 1 : 0) - u[a] * u[b]));
          hessian[(3 * i + a) * n + 3 * i + b] += block;
          hessian[(3 * j + a) * n + 3 * j + b] += block;
          hessian[(3 * i + a) * n + 3 * j + b] -= block;
          hessian[(3 * j + a) * n + 3 * i + b] -= block;
        }
      }
    }
  }
  for (let v = 0; v < p.masses.length; v++) if (problem.pinned[v]) for (let k = 0; k < 3; k++) gradient[3 * v + k] = 0;
}

/**
 * Newton's method on G from the initial guess x0 (pinned vertices stay where x0 has them) until ‖∇G‖∞ is below
 * `tolerance` [N]; returns the solution and the iteration count.
 */
export function newtonSolve(
  p: Prepared,
  start: ReferenceStart,
  x0: Float64Array,
  tolerance: number,
  maxIterations = 60,
): { positions: Float64Array; iterations: number; gradientNorm: number } {
  const { problem } = p;
  const n = x0.length;
  const free: number[] = [];
  for (let i = 0; i < n; i++) if (!problem.pinned[Math.floor(i / 3)]) free.push(i);
  const m = free.length;
  const x = Float64Array.from(x0);
  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n * n);
  const A = new Float64Array(m * m);
  const rhs = new Float64Array(m);
  let gradientNorm = Infinity;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    referenceGradient(p, start, x, gradient, hessian);
    gradientNorm = free.reduce((s, i) => Math.max(s, Math.abs(gradient[i])), 0);
    if (gradientNorm < tolerance) return { positions: x, iterations: iteration, gradientNorm };
    for (let a = 0; a < m; a++) {
      rhs[a] = -gradient[free[a]];
      for (let b = 0; b < m; b++) A[a * m + b] = 0.5 * (hessian[free[a] * n + free[b]] + hessian[free[b] * n + free[a]]);
    }
    const direction = choleskySolveWithShift(A, rhs, m);
    const energy = referenceEnergy(p, start, x);
    const slope = direction.reduce((s, d, a) => s + d * gradient[free[a]], 0);
    let stepLength = 1;
    const trial = new Float64Array(n);
    for (let attempt = 0; attempt < 40; attempt++) {
      trial.set(x);
      for (let a = 0; a < m; a++) trial[free[a]] += stepLength * direction[a];
      // the 1e-13·|G| slack accepts steps whose energy change is below round-off (near convergence)
      if (referenceEnergy(p, start, trial) <= energy + 1e-4 * stepLength * slope + 1e-13 * Math.abs(energy) || stepLength < 1e-8) break;
      stepLength *= 0.5;
    }
    x.set(trial);
  }
  referenceGradient(p, start, x, gradient);
  gradientNorm = free.reduce((s, i) => Math.max(s, Math.abs(gradient[i])), 0);
  return { positions: x, iterations: maxIterations, gradientNorm };
}

/** Solves A d = b (A symmetric) by Cholesky, adding a growing diagonal shift while A is not positive definite. */
function choleskySolveWithShift(A: Float64Array, b: Float64Array, m: number): Float64Array {
  let maxDiagonal = 0;
  for (let i = 0; i < m; i++) maxDiagonal = Math.max(maxDiagonal, Math.abs(A[i * m + i]));
  for (let shift = 0; ; shift = shift === 0 ? 1e-10 * maxDiagonal : shift * 10) {
    const L = new Float64Array(m * m);
    let ok = true;
    for (let j = 0; j < m && ok; j++) {
      let s = A[j * m + j] + shift;
      for (let k = 0; k < j; k++) s -= L[j * m + k] * L[j * m + k];
      if (!(s > 0)) {
        ok = false;
        break;
      }
      const d = Math.sqrt(s);
      L[j * m + j] = d;
      for (let i = j + 1; i < m; i++) {
        let t = A[i * m + j];
        for (let k = 0; k < j; k++) t -= L[i * m + k] * L[j * m + k];
        L[i * m + j] = t / d;
      }
    }
    if (!ok) continue;
    const z = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      let t = b[i];
      for (let k = 0; k < i; k++) t -= L[i * m + k] * z[k];
      z[i] = t / L[i * m + i];
    }
    const d = new Float64Array(m);
    for (let i = m - 1; i >= 0; i--) {
      let t = z[i];
      for (let k = i + 1; k < m; k++) t -= L[k * m + i] * d[k];
      d[i] = t / L[i * m + i];
    }
    return d;
  }
}
