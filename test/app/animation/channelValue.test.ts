// channelValue against the mathematics of glTF 2.0 Appendix C: a cubic Hermite spline reproduces any
// cubic polynomial from its values and derivatives at the keys; STEP holds; slerp turns at constant
// angular speed along the shorter arc; values clamp outside the keys.
import { describe, expect, it } from 'vitest';
import { channelValue } from '../../../app/animation/channelValue.ts';
import type { ImportedChannel, ImportedChannelPath, ImportedInterpolation } from '../../../app/io/importedScene.ts';

const channel = (
  path: ImportedChannelPath,
  interpolation: ImportedInterpolation,
  times: number[],
  values: number[],
  componentCount: number,
): ImportedChannel => ({
  nodeIndex: 0,
  path,
  interpolation,
  times: new Float32Array(times),
  values: new Float32Array(values),
  componentCount,
});

describe('channelValue', () => {
  it('CUBICSPLINE reproduces a cubic polynomial from its values and derivatives at unevenly spaced keys', () => {
    // p(t) = 0.5 - 1.5 t + 2 t² - 0.75 t³ per component (scaled per axis), p'(t) = -1.5 + 4 t - 2.25 t².
    const p = (t: number) => 0.5 - 1.5 * t + 2 * t * t - 0.75 * t * t * t;
    const dp = (t: number) => -1.5 + 4 * t - 2.25 * t * t;
    const keys = [0, 0.5, 1.75, 2];
    const values: number[] = [];
    for (const t of keys) {
      // in-tangent, value, out-tangent; tangents are derivatives in units per second
      values.push(dp(t), 2 * dp(t), -dp(t), p(t), 2 * p(t), -p(t), dp(t), 2 * dp(t), -dp(t));
    }
    const c = channel('translation', 'CUBICSPLINE', keys, values, 3);
    const out = new Float64Array(3);
    for (let t = 0; t <= 2; t += 0.0625) {
      channelValue(c, t, out);
      expect(out[0], `x at t=${t}`).toBeCloseTo(p(t), 5);
      expect(out[1], `y at t=${t}`).toBeCloseTo(2 * p(t), 5);
      expect(out[2], `z at t=${t}`).toBeCloseTo(-p(t), 5);
    }
  });

  it('CUBICSPLINE clamps to the first and last values, not their tangents', () => {
    const c = channel('scale', 'CUBICSPLINE', [1, 2], [9, 9, 9, 1, 2, 3, 7, 7, 7, 8, 8, 8, 4, 5, 6, 6, 6, 6], 3);
    expect(Array.from(channelValue(c, 0, new Float64Array(3))), 'before the first key').toEqual([1, 2, 3]);
    expect(Array.from(channelValue(c, 5, new Float64Array(3))), 'after the last key').toEqual([4, 5, 6]);
  });

  it('CUBICSPLINE rotations come out as unit quaternions', () => {
    const c = channel('rotation', 'CUBICSPLINE', [0, 1], [0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0], 4);
    const out = new Float64Array(4);
    for (const t of [0.1, 0.5, 0.9]) {
      channelValue(c, t, out);
      expect(Math.hypot(...out), `|q| at t=${t}`).toBeCloseTo(1, 12);
    }
  });

  it('STEP holds each key value until the next key', () => {
    const c = channel('translation', 'STEP', [0, 1, 2], [1, 1, 1, 2, 2, 2, 3, 3, 3], 3);
    const out = new Float64Array(3);
    for (const [t, expected] of [
      [0, 1],
      [0.999, 1],
      [1, 2],
      [1.5, 2],
      [2, 3],
      [9, 3],
      [-1, 1],
    ] as const) {
      expect(channelValue(c, t, out)[0], `value at t=${t}`).toBe(expected);
    }
  });

  it('LINEAR interpolates vectors linearly and clamps outside the keys', () => {
    const c = channel('weights', 'LINEAR', [1, 3], [0, 10, 4, -10], 2);
    const out = new Float64Array(2);
    expect(Array.from(channelValue(c, 0, out)), 'before the first key').toEqual([0, 10]);
    expect(Array.from(channelValue(c, 1.5, out)), 'a quarter of the way').toEqual([1, 5]);
    expect(Array.from(channelValue(c, 4, out)), 'after the last key').toEqual([4, -10]);
  });

  it('LINEAR rotation turns at constant angular speed along the shorter arc', () => {
    // From identity to 300° about z, stored with w < 0 flipped: the shorter way is -60°.
    const half = (300 * Math.PI) / 360;
    const c = channel('rotation', 'LINEAR', [0, 1], [0, 0, 0, 1, 0, 0, Math.sin(half), Math.cos(half)], 4);
    const out = new Float64Array(4);
    for (const s of [0.1, 0.25, 0.5, 0.8]) {
      channelValue(c, s, out);
      const angle = 2 * Math.atan2(out[2], out[3]);
      expect(angle, `angle at s=${s}`).toBeCloseTo((-60 * Math.PI * s) / 180, 5);
      expect(Math.hypot(...out), `|q| at s=${s}`).toBeCloseTo(1, 6);
    }
  });

  it('finds the right segment among many keys', () => {
    const times = Array.from({ length: 100 }, (_, k) => k * 0.1);
    const c = channel(
      'weights',
      'LINEAR',
      times,
      times.map((t) => 3 * t),
      1,
    );
    const out = new Float64Array(1);
    for (const t of [0.05, 3.33, 7.77, 9.85]) expect(channelValue(c, t, out)[0], `value at t=${t}`).toBeCloseTo(3 * t, 5);
  });
});
