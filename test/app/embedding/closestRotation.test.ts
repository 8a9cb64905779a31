// closestRotation: recovers R from F = R·S (S symmetric positive definite, the polar decomposition), returns
// a proper rotation maximizing tr(RᵀF) for inverted and singular F, and handles 180° rotations from a cold
// start; a warm start converges in a couple of iterations.
import { describe, expect, it } from 'vitest';
import { closestRotation, TINY_HALF_ANGLE } from '../../../app/embedding/closestRotation.ts';
import { quaternionMatrix } from '../../helpers/quaternionMatrix.ts';
import { random } from '../math/sparse/helpers.ts';
import { axisAngle } from './meshes.ts';

function multiply(a: number[], b: number[]): number[] {
  const out = new Array(9).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[3 * r + c] += a[3 * r + k] * b[3 * k + c];
  return out;
}
function trace(Rt: number[], F: number[]): number {
  let t = 0;
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) t += Rt[3 * r + c] * F[3 * r + c];
  return t;
}
function determinant(m: number[]): number {
  return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
}

describe('closestRotation', () => {
  it('recovers the rotation of F = R·S for random rotations and stretches', () => {
    const next = random(41);
    const q = new Float64Array(4);
    const R = new Float64Array(9);
    for (let trial = 0; trial < 500; trial++) {
      const expected = quaternionMatrix(axisAngle([next() - 0.5, next() - 0.5, next() - 0.5], next() * 2 * Math.PI));
      // S = Qᵀ diag(s) Q, SPD.
      const Q = quaternionMatrix(axisAngle([next() - 0.5, next() - 0.5, next() - 0.5], next() * 6));
      const s = [0.3 + 2 * next(), 0.3 + 2 * next(), 0.3 + 2 * next()];
      const Qt = [Q[0], Q[3], Q[6], Q[1], Q[4], Q[7], Q[2], Q[5], Q[8]];
      const S = multiply(Qt, multiply([s[0], 0, 0, 0, s[1], 0, 0, 0, s[2]], Q));
      const F = multiply(expected, S);
      closestRotation(F, q, R, true, 64);
      for (let e = 0; e < 9; e++) expect(Math.abs(R[e] - expected[e]), `trial ${trial} entry ${e}`).toBeLessThan(1e-8);
    }
  });

  it('returns a proper rotation that no small rotation improves, for inverted and rank-deficient F', () => {
    const cases = [
      [-1, 0, 0, 0, 1, 0, 0, 0, 1],
      [0.5, 0.2, 0, 0.1, -0.7, 0.3, 0, 0.2, 0.4],
      [1, 0, 0, 0, 1, 0, 0, 0, 0],
      [1, 2, 3, 2, 4, 6, 3, 6, 9],
    ];
    const q = new Float64Array(4);
    const R = new Float64Array(9);
    for (const F of cases) {
      closestRotation(F, q, R, true, 200);
      const rotation = Array.from(R);
      expect(determinant(rotation), `det R for ${F}`).toBeCloseTo(1, 10);
      const best = trace(rotation, F);
      for (const axis of [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ] as [number, number, number][]) {
        for (const angle of [1e-3, -1e-3]) {
          const turned = multiply(quaternionMatrix(axisAngle(axis, angle)), rotation);
          expect(trace(turned, F), `perturbing ${F} about ${axis}`).toBeLessThanOrEqual(best + 1e-9);
        }
      }
    }
  });

  it('finds a 180° rotation from a cold start and converges in ≤ 3 iterations from a nearby warm start', () => {
    const q = new Float64Array(4);
    const R = new Float64Array(9);
    const half = quaternionMatrix(axisAngle([0, 0, 1], Math.PI));
    closestRotation(half, q, R, true);
    for (let e = 0; e < 9; e++) expect(R[e], `180° entry ${e}`).toBeCloseTo(half[e], 10);
    const target = quaternionMatrix(axisAngle([1, 2, 3], 1.0));
    q.set(axisAngle([1, 2, 3], 0.98));
    closestRotation(target, q, R, false, 3);
    for (let e = 0; e < 9; e++) expect(R[e], `warm start entry ${e}`).toBeCloseTo(target[e], 9);
  });

  it('stops after a Newton step below newtonStop = 1e-4 with the rotation the full loop reaches (warm starts 1e-3 rad off)', () => {
    const next = random(7);
    const full = new Float64Array(4);
    const early = new Float64Array(4);
    const Rfull = new Float64Array(9);
    const Rearly = new Float64Array(9);
    let worst = 0;
    for (let trial = 0; trial < 500; trial++) {
      const axis: [number, number, number] = [next() - 0.5, next() - 0.5, next() - 0.5];
      const angle = next() * 2 * Math.PI;
      const Q = quaternionMatrix(axisAngle([next() - 0.5, next() - 0.5, next() - 0.5], next() * 6));
      const Qt = [Q[0], Q[3], Q[6], Q[1], Q[4], Q[7], Q[2], Q[5], Q[8]];
      const S = multiply(Qt, multiply([0.5 + next(), 0, 0, 0, 0.5 + next(), 0, 0, 0, 0.5 + next()], Q));
      const F = multiply(quaternionMatrix(axisAngle(axis, angle)), S);
      const start = axisAngle(axis, angle + 1e-3 * (next() - 0.5));
      full.set(start);
      early.set(start);
      closestRotation(F, full, Rfull, false, 8);
      closestRotation(F, early, Rearly, false, 8, 1e-4);
      for (let e = 0; e < 9; e++) worst = Math.max(worst, Math.abs(Rfull[e] - Rearly[e]));
    }
    expect(worst, 'largest entry difference from the full loop').toBeLessThan(1e-12);
  });

  it('may skip sin and cos below TINY_HALF_ANGLE: this runtime returns h and 1 there exactly', () => {
    let mismatches = 0;
    for (let exponent = -42; exponent < -28; exponent += 0.001) {
      for (const mantissa of [1, 1.3, 1.999]) {
        const h = mantissa * 2 ** exponent;
        if (h >= TINY_HALF_ANGLE) continue;
        if (Math.sin(h) !== h || Math.cos(h) !== 1) mismatches++;
      }
    }
    expect(mismatches, 'half angles below TINY_HALF_ANGLE whose sin is not h or cos not 1').toBe(0);
  });
});
