import { describe, expect, it } from 'vitest';
import { chebyshevAccelerate, chebyshevOmega } from '../../../../app/solvers/vbd/index.ts';

describe('chebyshevAccelerate', () => {
  it('follows the ω recurrence of Eq. 3.16 and tends to the optimal SOR weight 2/(1+√(1−ρ²))', () => {
    const rho = 0.9;
    expect(chebyshevOmega(1, rho, 0), 'ω1').toBe(1);
    expect(chebyshevOmega(2, rho, 1), 'ω2').toBeCloseTo(2 / (2 - rho * rho), 14);
    let omega = chebyshevOmega(2, rho, 1);
    for (let n = 3; n < 200; n++) omega = chebyshevOmega(n, rho, omega);
    expect(omega, 'limit').toBeCloseTo(2 / (1 + Math.sqrt(1 - rho * rho)), 10);
  });

  it('accelerates a linear Jacobi iteration: fewer iterations to the same error', () => {
    // 1-D Poisson −u'' = 1 on 40 nodes, Jacobi has spectral radius cos(π/41)
    const n = 40;
    const solve = (rho: number) => {
      const u = new Float64Array(3 * n);
      const previous = new Float64Array(3 * n);
      const previous2 = new Float64Array(3 * n);
      const schedule = Float64Array.of(0, 1, Infinity);
      const none = new Uint8Array(n);
      const exact = Array.from({ length: n }, (_, i) => ((i + 1) * (n - i)) / 2);
      for (let iteration = 1; iteration < 20000; iteration++) {
        const next = new Float64Array(3 * n);
        for (let i = 0; i < n; i++) next[3 * i] = 0.5 * (1 + (i > 0 ? u[3 * (i - 1)] : 0) + (i < n - 1 ? u[3 * (i + 1)] : 0));
        u.set(next);
        if (rho > 0) chebyshevAccelerate(u, previous, previous2, rho, schedule, none, none);
        const error = Math.max(...exact.map((e, i) => Math.abs(u[3 * i] - e)));
        if (error < 1e-6 * Math.max(...exact)) return iteration;
      }
      return Infinity;
    };
    const plain = solve(0);
    const accelerated = solve(Math.cos(Math.PI / (n + 1)));
    expect(accelerated, `Chebyshev ${accelerated} vs Jacobi ${plain} iterations`).toBeLessThan(plain / 5);
  });

  it('leaves pinned and in-contact vertices exactly where Gauss–Seidel put them', () => {
    const positions = Float64Array.from([1, 1, 1, 2, 2, 2, 3, 3, 3]);
    const previous = Float64Array.from([0.9, 0.9, 0.9, 1.8, 1.8, 1.8, 2.5, 2.5, 2.5]);
    const previous2 = Float64Array.from([0.5, 0.5, 0.5, 1, 1, 1, 2, 2, 2]);
    const schedule = Float64Array.of(1, 1, Infinity);
    const pinned = Uint8Array.of(1, 0, 0);
    const inContact = Uint8Array.of(0, 1, 0);
    const omega = chebyshevAccelerate(positions, previous, previous2, 0.9, schedule, pinned, inContact);
    expect(omega, 'second iteration weight').toBeCloseTo(2 / (2 - 0.81), 12);
    expect(Array.from(positions.subarray(0, 6)), 'pinned and in contact untouched').toEqual([1, 1, 1, 2, 2, 2]);
    expect(positions[6], 'free vertex extrapolated').toBeCloseTo(omega * (3 - 2) + 2, 12);
  });

  it('restarts at ω = 1 when the Gauss–Seidel change grows', () => {
    const positions = Float64Array.from([5, 0, 0]);
    const previous = Float64Array.from([0, 0, 0]);
    const previous2 = Float64Array.from([0, 0, 0]);
    const schedule = Float64Array.of(4, 1.5, 1); // last change 1, now 25
    const none = new Uint8Array(1);
    expect(chebyshevAccelerate(positions, previous, previous2, 0.95, schedule, none, none), 'restart').toBe(1);
    expect(positions[0], 'not extrapolated').toBe(5);
    expect(schedule[0], 'schedule back at n = 1').toBe(1);
  });
});
