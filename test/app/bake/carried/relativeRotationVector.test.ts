// The gear's rotation helpers agree with each other and with the axis-angle definition: the rotation vector from b to
// a of a = q(axis, θ)·b is θ·axis (θ ≤ π, whichever sign the quaternion has), and Rodrigues' matrix of that vector is
// the matrix of q(axis, θ) (quaternionMatrix); toRestFrame applies the transpose.
import { describe, expect, it } from 'vitest';
import { quaternionMatrix } from '../../../../app/math/mat3/index.ts';
import { relativeRotationVector } from '../../../../app/bake/carried/relativeRotationVector.ts';
import { rodriguesRotation } from '../../../../app/bake/carried/rodriguesRotation.ts';
import { toRestFrame } from '../../../../app/bake/carried/toRestFrame.ts';
import { random } from '../../../helpers/random.ts';

/** The unit quaternion (x, y, z, w) of a rotation by θ about a unit axis. */
const axisAngle = (axis: number[], angle: number): Float64Array => Float64Array.from([...axis.map((a) => a * Math.sin(angle / 2)), Math.cos(angle / 2)]);

/** a·b (quaternions x, y, z, w). */
function multiply(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const [ax, ay, az, aw] = [a[0], a[1], a[2], a[3]];
  const [bx, by, bz, bw] = [b[0], b[1], b[2], b[3]];
  return Float64Array.from([
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ]);
}

function unitAxis(next: () => number): number[] {
  const v = [next() - 0.5, next() - 0.5, next() - 0.5];
  const n = Math.hypot(v[0], v[1], v[2]);
  return v.map((x) => x / n);
}

describe('gear rotations', () => {
  const next = random(11);

  it('the rotation vector from b to q(axis, θ)·b is θ·axis, for either sign of the quaternion', () => {
    for (let trial = 0; trial < 20; trial++) {
      const axis = unitAxis(next);
      const angle = 0.05 + 3 * next();
      const b = axisAngle(unitAxis(next), 6 * next());
      const a = multiply(axisAngle(axis, angle), b);
      for (const sign of [1, -1]) {
        const out = relativeRotationVector(
          a.map((x) => sign * x),
          b,
          new Float64Array(4),
          new Float64Array(3),
        );
        for (let c = 0; c < 3; c++) expect(Math.abs(out[c] - angle * axis[c]), `trial ${trial}, sign ${sign}, component ${c}`).toBeLessThan(1e-9);
      }
    }
  });

  it('Rodrigues of θ·axis is the matrix of q(axis, θ), and toRestFrame applies its transpose', () => {
    for (let trial = 0; trial < 20; trial++) {
      const axis = unitAxis(next);
      const angle = 3 * next();
      const fromVector = new Float64Array(9);
      const fromQuaternion = new Float64Array(9);
      rodriguesRotation(
        axis.map((a) => a * angle),
        fromVector,
      );
      quaternionMatrix(axisAngle(axis, angle), fromQuaternion);
      for (let k = 0; k < 9; k++) expect(Math.abs(fromVector[k] - fromQuaternion[k]), `trial ${trial}, entry ${k}`).toBeLessThan(1e-12);
      const world = Float64Array.from({ length: 6 }, () => next() - 0.5);
      const rest = new Float64Array(6);
      toRestFrame(fromQuaternion, world, rest);
      for (let block = 0; block < 6; block += 3) {
        for (let r = 0; r < 3; r++) {
          const back = fromQuaternion[3 * r] * rest[block] + fromQuaternion[3 * r + 1] * rest[block + 1] + fromQuaternion[3 * r + 2] * rest[block + 2];
          expect(Math.abs(back - world[block + r]), `trial ${trial}: R·(Rᵀv) = v, entry ${block + r}`).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('Rodrigues of a vanishing vector is the identity', () => {
    const out = new Float64Array(9);
    rodriguesRotation([0, 0, 1e-14], out);
    expect(Array.from(out), 'identity below 1e-12 rad').toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });
});
