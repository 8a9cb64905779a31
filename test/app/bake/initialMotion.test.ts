import { describe, expect, it } from 'vitest';
import { initialMotion } from '../../../app/bake/initialMotion.ts';

const dt = 1 / 30;

/** One coordinate per point, sampled at t0 + k dt for k = −1..3, optionally rounded to float32 as an evaluator gives it. */
function samples(x: (t: number) => number, t0: number, round: boolean) {
  const at = (k: number) => (round ? Float32Array : Float64Array).from([x(t0 + k * dt)]);
  return { previous: at(-1), current: at(0), next: at(1), afterNext: at(2), later: at(3) };
}

function derivatives(s: ReturnType<typeof samples>, withPrevious: boolean) {
  const v = new Float64Array(1);
  const a = new Float64Array(1);
  const j = new Float64Array(1);
  initialMotion(withPrevious ? s.previous : null, s.current, s.next, s.afterNext, s.later, dt, v, a, j);
  return { v: v[0], a: a[0], j: j[0] };
}

describe('initialMotion', () => {
  it('a point at constant velocity sampled in float32 has no acceleration and no jerk: its rounding is not motion', () => {
    for (const withPrevious of [true, false]) {
      for (const t0 of [0.1, 1 / 6, 0.7, 3.3]) {
        const d = derivatives(
          samples((t) => 0.25 + 1.5 * t, t0, true),
          withPrevious,
        );
        expect(d.a, `acceleration at ${t0} s (${withPrevious ? 'central' : 'one-sided'})`).toBe(0);
        expect(d.j, `jerk at ${t0} s (${withPrevious ? 'central' : 'one-sided'})`).toBe(0);
        expect(Math.abs(d.v - 1.5), `velocity at ${t0} s`).toBeLessThan(1e-5);
      }
    }
  });

  it('a cubic trajectory gets its velocity, acceleration and jerk (the differences are exact for a cubic)', () => {
    // x = t³ − t²: v = 3t² − 2t, a = 6t − 2, j = 6 (the central jerk is at t0 + dt/2; it is constant anyway).
    const t0 = 0.4;
    for (const withPrevious of [true, false]) {
      const d = derivatives(
        samples((t) => t ** 3 - t ** 2, t0, false),
        withPrevious,
      );
      const label = withPrevious ? 'central' : 'one-sided';
      // The velocities are second order: truncation x'''dt²/6 (central) and x'''dt²/3 (one-sided), x''' = 6.
      expect(Math.abs(d.v - (3 * t0 ** 2 - 2 * t0)), `${label} velocity`).toBeLessThan((withPrevious ? dt * dt : 2 * dt * dt) + 1e-6);
      // Less the rounding floor it shrinks by (about 1e-4 m/s² and 5e-3 m/s³ here): 0.03% and 0.1%.
      expect(Math.abs(d.a - (6 * t0 - 2)), `${label} acceleration`).toBeLessThan(1e-3);
      expect(Math.abs(d.j - 6), `${label} jerk`).toBeLessThan(1e-2);
    }
  });
});
