// andersonAccelerator: on a linear fixed-point map u ← Mu + c (contraction), the accelerated iteration reaches the
// fixed point in far fewer steps than the plain one; reset() starts over from the plain step.
import { describe, expect, it } from 'vitest';
import { andersonAccelerator } from '../../../app/math/andersonAccelerator.ts';
import { random } from './sparse/helpers.ts';

describe('andersonAccelerator', () => {
  const n = 30;
  const next = random(5);
  // M = 0.95·(symmetric with spectrum in [−1, 1]) / its bound: slow plain convergence.
  const M = new Float64Array(n * n);
  for (let i = 0; i < n; i++) M[i * n + i] = 0.95 * Math.cos((Math.PI * i) / (2 * n));
  const c = Float64Array.from({ length: n }, () => next());
  const fixed = new Float64Array(n);
  for (let i = 0; i < n; i++) fixed[i] = c[i] / (1 - M[i * n + i]);
  const apply = (u: Float64Array, out: Float64Array) => {
    for (let i = 0; i < n; i++) {
      let value = c[i];
      for (let j = 0; j < n; j++) value += M[i * n + j] * u[j];
      out[i] = value;
    }
  };
  const stepsToConverge = (accelerate: boolean): number => {
    const anderson = andersonAccelerator(n, 5);
    anderson.reset();
    const u = new Float64Array(n);
    const G = new Float64Array(n);
    const f = new Float64Array(n);
    for (let step = 1; step <= 2000; step++) {
      apply(u, G);
      for (let i = 0; i < n; i++) f[i] = G[i] - u[i];
      if (accelerate) anderson.next(G, f, u);
      else u.set(G);
      let error = 0;
      for (let i = 0; i < n; i++) error = Math.max(error, Math.abs(u[i] - fixed[i]));
      if (error < 1e-9) return step;
    }
    return Infinity;
  };

  it('converges at least 3× faster than the plain iteration on a slow linear contraction', () => {
    const plain = stepsToConverge(false);
    const accelerated = stepsToConverge(true);
    expect(accelerated, `accelerated ${accelerated} vs plain ${plain} steps`).toBeLessThan(plain / 3);
  });

  it('takes the plain step G on the first call and after reset', () => {
    const anderson = andersonAccelerator(3, 2);
    const out = new Float64Array(3);
    expect(anderson.next(Float64Array.from([1, 2, 3]), Float64Array.from([1, 1, 1]), out), 'first step is plain').toBe(false);
    expect(Array.from(out), 'out = G').toEqual([1, 2, 3]);
    anderson.reset();
    expect(anderson.next(Float64Array.from([4, 5, 6]), Float64Array.from([1, 0, 1]), out), 'plain after reset').toBe(false);
    expect(Array.from(anderson.lastPlainIterate), 'last plain iterate').toEqual([4, 5, 6]);
  });
});
