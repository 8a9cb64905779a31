// stretchLimitProjection: a deformation gradient inside the stretch band is its own projection; outside it,
// F = U·diag(s)·Vᵀ (U, V rotations built here with three.js, s signed) projects to U·diag(clamp(s))·Vᵀ, so an
// inverted F comes back proper (det > 0) at the band's floor, and no other point of the band is nearer.
import { Matrix3, Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { stretchLimitProjection } from '../../../app/embedding/stretchLimitProjection.ts';

/** Row-major 3×3 array of a three.js Matrix3 (which stores column-major). */
function rowMajor(m: Matrix3): Float64Array {
  return Float64Array.from(m.clone().transpose().elements);
}

function rotation(axis: [number, number, number], angle: number): Matrix3 {
  const q = new Quaternion().setFromAxisAngle(new Vector3(...axis).normalize(), angle);
  return new Matrix3().setFromMatrix4(new Matrix4().makeRotationFromQuaternion(q));
}

/** U·diag(s)·Vᵀ as a three.js matrix. */
function compose(U: Matrix3, s: [number, number, number], V: Matrix3): Matrix3 {
  const D = new Matrix3().set(s[0], 0, 0, 0, s[1], 0, 0, 0, s[2]);
  return U.clone().multiply(D).multiply(V.clone().transpose());
}

function frobeniusDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

describe('stretchLimitProjection', () => {
  const U = rotation([1, 2, 0.5], 0.9);
  const V = rotation([-0.3, 1, 2], 2.1);
  const R = rowMajor(U.clone().multiply(V.clone().transpose())); // the closest proper rotation of U·diag(s)·Vᵀ when s has at most one negative entry, the smallest in magnitude

  it('leaves a deformation inside the band unchanged', () => {
    const F = rowMajor(compose(U, [1.6, 1, 0.7], V));
    const P = new Float64Array(9);
    const distance = stretchLimitProjection(F, R, 0.5, 2, P);
    expect(distance, 'squared distance inside the band').toBe(0);
    expect(frobeniusDistance(P, F), 'P = F').toBe(0);
  });

  it('clamps the principal stretches of a stretched, collapsed or inverted deformation into the band', () => {
    for (const s of [
      [3, 1, 0.8],
      [1.2, 0.9, 0.1],
      [2.5, 1, -0.3],
      [1, 1, -0.05],
    ] as [number, number, number][]) {
      const F = rowMajor(compose(U, s, V));
      const P = new Float64Array(9);
      const distance = stretchLimitProjection(F, R, 0.5, 2, P);
      const clamped = s.map((x) => Math.min(2, Math.max(0.5, x))) as [number, number, number];
      const expected = rowMajor(compose(U, clamped, V));
      expect(frobeniusDistance(P, expected), `P for stretches ${s}`).toBeLessThan(1e-9);
      const expectedDistance = s.reduce((sum, x, i) => sum + (x - clamped[i]) ** 2, 0);
      expect(distance, `squared distance for stretches ${s}`).toBeCloseTo(expectedDistance, 9);
      const det = new Matrix3().set(P[0], P[1], P[2], P[3], P[4], P[5], P[6], P[7], P[8]).determinant();
      expect(det, `det P for stretches ${s}`).toBeGreaterThan(0);
    }
  });

  it('returns the nearest point of the band: perturbed band members are farther from F', () => {
    const F = rowMajor(compose(U, [2.5, 1, -0.3], V));
    const P = new Float64Array(9);
    const nearest = Math.sqrt(stretchLimitProjection(F, R, 0.5, 2, P));
    let random = 12345;
    const next = (): number => ((random = (random * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let trial = 0; trial < 200; trial++) {
      // A random member of the band near P: rotate U and V a little, stretches within [0.5, 2].
      const U2 = rotation([next(), next(), next()], 0.2 * next()).multiply(U);
      const V2 = rotation([next(), next(), next()], 0.2 * next()).multiply(V);
      const s: [number, number, number] = [2 - 0.3 * Math.abs(next()), 1 + 0.3 * next(), 0.5 + 0.3 * Math.abs(next())];
      const member = rowMajor(compose(U2, s, V2));
      expect(frobeniusDistance(member, F), `trial ${trial}: band member vs projection`).toBeGreaterThanOrEqual(nearest - 1e-12);
    }
  });
});
