import { describe, expect, it } from 'vitest';
import { commonMotion } from '../../../../app/contact/ogc/commonMotion.ts';
import { random } from '../../../helpers/random.ts';
import { soup, soupState } from './soup.ts';

/** A rotation by `angle` about the unit axis (x, y, z), row-major. */
function rotation(angle: number, x: number, y: number, z: number): number[] {
  const c = Math.cos(angle),
    s = Math.sin(angle),
    t = 1 - c;
  return [
    t * x * x + c,
    t * x * y - s * z,
    t * x * z + s * y,
    t * x * y + s * z,
    t * y * y + c,
    t * y * z - s * x,
    t * x * z - s * y,
    t * y * z + s * x,
    t * z * z + c,
  ];
}

/** The soup's points at the search, then carried by x ↦ R x + shift. */
function moved(seed: number, R: number[], shift: number[]) {
  const mesh = soup(seed);
  const state = soupState(mesh, 0.03);
  state.pointsAtSearch.set(mesh.positions);
  for (let k = 0; k < state.P; k++) {
    const x = mesh.positions[3 * k],
      y = mesh.positions[3 * k + 1],
      z = mesh.positions[3 * k + 2];
    for (let i = 0; i < 3; i++) state.points[3 * k + i] = R[3 * i] * x + R[3 * i + 1] * y + R[3 * i + 2] * z + shift[i];
  }
  return state;
}

describe('commonMotion: the affine common motion since the search (seed 001 §3.1 generalised)', () => {
  it('a rigid motion of every point is fitted exactly: σ = 1 and no residual (no point is hot)', () => {
    const state = moved(7, rotation(0.7, 0.6, 0, 0.8), [0.3, -0.2, 1.5]);
    const sigma = commonMotion(state);
    expect(sigma, 'σ of a rotation').toBeCloseTo(1, 8);
    let largest = 0;
    for (let k = 0; k < state.P; k++) largest = Math.max(largest, state.pointMoved[k]);
    expect(largest, 'largest residual [m] (the soup spans 0.6 m)').toBeLessThan(1e-9);
  });

  it('one point far off the common motion is trimmed: the others keep no residual, it keeps its whole offset', () => {
    const state = moved(8, rotation(-0.4, 0, 1, 0), [0.05, 0, 0]);
    const far = 17;
    state.points[3 * far + 1] += 0.2;
    commonMotion(state);
    let largest = 0;
    for (let k = 0; k < state.P; k++) if (k !== far) largest = Math.max(largest, state.pointMoved[k]);
    expect(largest, 'largest residual of the points that followed the motion [m]').toBeLessThan(1e-9);
    expect(state.pointMoved[far], "the far point's residual: its own 0.2 m").toBeCloseTo(0.2, 9);
  });

  it('the residuals it reports are what the bounds use: |x_p − F(x⁰_p)| with F and F⁻¹ inverse to each other', () => {
    const next = random(9);
    const state = moved(9, rotation(0.3, 1, 0, 0), [0, 0.1, 0]);
    for (let k = 0; k < 3 * state.P; k++) state.points[k] += 0.01 * (next() - 0.5);
    const sigma = commonMotion(state);
    expect(sigma, 'σ > 0 for a near-rigid motion').toBeGreaterThan(0.9);
    const { motion: B, motionInverse: Bi, motionFrom: from, motionTo: to } = state;
    for (let k = 0; k < state.P; k += 7) {
      const p = [0, 1, 2].map((i) => state.pointsAtSearch[3 * k + i] - from[i]);
      const f = [0, 1, 2].map((i) => B[3 * i] * p[0] + B[3 * i + 1] * p[1] + B[3 * i + 2] * p[2] + to[i]);
      const residual = Math.hypot(...[0, 1, 2].map((i) => state.points[3 * k + i] - f[i]));
      expect(state.pointMoved[k], `point ${k}: residual`).toBeCloseTo(residual, 12);
      const back = [0, 1, 2].map((i) => Bi[3 * i] * (f[0] - to[0]) + Bi[3 * i + 1] * (f[1] - to[1]) + Bi[3 * i + 2] * (f[2] - to[2]) + from[i]);
      for (let i = 0; i < 3; i++) expect(back[i], `point ${k}: F⁻¹(F(x⁰)) = x⁰, coordinate ${i}`).toBeCloseTo(state.pointsAtSearch[3 * k + i], 12);
    }
  });
});
