// warmStartedRotation: reads and writes only its own quaternion slot and returns the closest rotation.
import { describe, expect, it } from 'vitest';
import { warmStartedRotation } from '../../../app/embedding/warmStartedRotation.ts';

describe('warmStartedRotation', () => {
  it('stores the rotation of F in slot index and leaves the other slots alone', () => {
    const c = Math.cos(1.1);
    const s = Math.sin(1.1);
    const F = [2 * c, -s, 0, 2 * s, c, 0, 0, 0, 0.5]; // R·diag(2, 1, 0.5), R about z
    const quaternions = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const R = new Float64Array(9);
    warmStartedRotation(F, quaternions, 1, new Float64Array(4), R, false, 24);
    [c, -s, 0, s, c, 0, 0, 0, 1].forEach((value, e) => expect(R[e], `R[${e}]`).toBeCloseTo(value, 10));
    expect(Array.from(quaternions.slice(0, 4)), 'slot 0 untouched').toEqual([0, 0, 0, 1]);
    expect(Array.from(quaternions.slice(8)), 'slot 2 untouched').toEqual([0, 0, 0, 1]);
    expect(quaternions[6], 'slot 1 holds the z rotation').toBeCloseTo(Math.sin(0.55), 10);
  });
});
