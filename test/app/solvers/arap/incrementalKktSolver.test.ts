// incrementalKktSolver: the Schur-complement solve of seed 004 Eq. 3.25 matches a dense solve of the whole KKT
// system to 1e-10 relative on random SPD blocks with random sliding rows, and reuses cached point solves.
import { describe, expect, it } from 'vitest';
import { ldltFactorization, ldltSolve, ldltSymbolic, cscMatrixFromTriplets } from '../../../../app/math/sparse/index.ts';
import { incrementalKktSolver } from '../../../../app/solvers/arap/incrementalKktSolver.ts';
import { kktRows } from '../../../../app/solvers/arap/contactKktRows.ts';
import { denseSolve, random, randomSpd } from '../../math/sparse/helpers.ts';

describe('incrementalKktSolver', () => {
  it('matches the dense KKT solve to 1e-10 relative, with one- and four-point rows, twice (cached)', () => {
    const next = random(21);
    const N = 40;
    const { rows: ri, columns: ci, values, dense } = randomSpd(N, 3, 5);
    const { matrix } = cscMatrixFromTriplets(N, N, ri, ci, values);
    const factor = ldltFactorization(ldltSymbolic(matrix), matrix);
    // Points: each a sparse combination of 1–3 unknowns.
    const pointEntries = Array.from({ length: 12 }, () => {
      const count = 1 + Math.floor(next() * 3);
      return Array.from({ length: count }, () => [Math.floor(next() * N), 0.2 + next()] as [number, number]);
    });
    const solver = incrementalKktSolver({
      size: N,
      maxPointEntries: 3,
      pointVector(point, indices, vals) {
        pointEntries[point].forEach(([i, w], e) => {
          indices[e] = i;
          vals[e] = w;
        });
        return pointEntries[point].length;
      },
      solve(rhs, out, columns) {
        ldltSolve(factor, rhs, out, columns);
      },
    });
    const rows = kktRows(8);
    const rowSpecs = [
      { points: [0], weights: [1] },
      { points: [1, 2, 3, 4], weights: [1, -0.3, -0.3, -0.4] },
      { points: [5], weights: [1] },
      { points: [6, 7], weights: [1, -1] },
      { points: [2], weights: [1] },
    ];
    for (const spec of rowSpecs) {
      const j = rows.count++;
      const n = [next() - 0.5, next() - 0.5, next() - 0.5];
      const length = Math.hypot(...n);
      rows.normal.set(
        n.map((x) => x / length),
        3 * j,
      );
      rows.rhs[j] = next() - 0.5;
      rows.points.fill(-1, 4 * j, 4 * j + 4);
      rows.weights.fill(0, 4 * j, 4 * j + 4);
      spec.points.forEach((p, s) => {
        rows.points[4 * j + s] = p;
        rows.weights[4 * j + s] = spec.weights[s];
      });
    }
    const b = Float64Array.from({ length: 3 * N }, () => next() - 0.5);
    // Dense reference: unknowns x (3N, interleaved) then λ (k).
    const k = rows.count;
    const size = 3 * N + k;
    const M = new Float64Array(size * size);
    for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) for (let c = 0; c < 3; c++) M[(3 * i + c) * size + 3 * j + c] = dense[i * N + j];
    const rhs = new Float64Array(size);
    rhs.set(b);
    for (let j = 0; j < k; j++) {
      for (let s = 0; s < 4; s++) {
        const p = rows.points[4 * j + s];
        if (p < 0) continue;
        for (const [i, w] of pointEntries[p]) {
          for (let c = 0; c < 3; c++) {
            const value = rows.weights[4 * j + s] * w * rows.normal[3 * j + c];
            M[(3 * N + j) * size + 3 * i + c] += value;
            M[(3 * i + c) * size + 3 * N + j] += value;
          }
        }
      }
      rhs[3 * N + j] = rows.rhs[j];
    }
    const reference = denseSolve(M, size, rhs);
    for (let pass = 0; pass < 2; pass++) {
      const x = new Float64Array(3 * N);
      const lambda = new Float64Array(k);
      const report = solver.solve(b, rows, x, lambda);
      let error = 0;
      let norm = 0;
      for (let i = 0; i < 3 * N; i++) {
        error = Math.max(error, Math.abs(x[i] - reference[i]));
        norm = Math.max(norm, Math.abs(reference[i]));
      }
      for (let j = 0; j < k; j++) {
        error = Math.max(error, Math.abs(lambda[j] - reference[3 * N + j]));
        norm = Math.max(norm, Math.abs(reference[3 * N + j]));
      }
      expect(error / norm, `relative error, pass ${pass}`).toBeLessThan(1e-10);
      expect(report.newPoints, `point solves computed in pass ${pass}`).toBe(pass === 0 ? 8 : 0);
      expect(report.regularization, 'independent rows need no regularization').toBe(0);
    }
  });
});
