// mat3MultiplyAddVector: out += M·b with M, b and out read and written at their offsets.
import { describe, expect, it } from 'vitest';
import { mat3MultiplyAddVector } from '../../../../app/math/mat3/index.ts';

describe('mat3MultiplyAddVector', () => {
  it('adds the matrix–vector product at the given offsets and leaves the rest of out alone', () => {
    const m = [7, 1, 2, 3, 4, 5, 6, 7, 8, 9]; // M starts at index 1
    const b = Float32Array.of(0, 0, 1, -1, 2); // b starts at index 2
    const out = Float64Array.of(100, 10, 20, 30);
    mat3MultiplyAddVector(m, 1, b, 2, out, 1);
    expect(Array.from(out), 'out[1..3] += (1−2+6, 4−5+12, 7−8+18)').toEqual([100, 15, 31, 47]);
  });

  it('applied to a rotation, keeps the length of the vector it adds', () => {
    const c = Math.cos(0.7);
    const s = Math.sin(0.7);
    const rotation = [c, -s, 0, s, c, 0, 0, 0, 1];
    const out = new Float64Array(3);
    mat3MultiplyAddVector(rotation, 0, [3, 4, 12], 0, out, 0);
    expect(Math.hypot(out[0], out[1], out[2]), '|R b| = |b| = 13').toBeCloseTo(13, 12);
  });
});
