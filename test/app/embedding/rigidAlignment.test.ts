// rigidAlignment: recovers an exact rigid motion of weighted points, and the weighted centroids.
import { describe, expect, it } from 'vitest';
import { rigidAlignment } from '../../../app/embedding/rigidAlignment.ts';
import { random } from '../math/sparse/helpers.ts';
import { axisAngle, transformed } from './meshes.ts';

describe('rigidAlignment', () => {
  it('recovers rotation and translation of a rigidly moved point set', () => {
    const next = random(9);
    const count = 40;
    const source = Float64Array.from({ length: 3 * count }, () => next() * 2 - 1);
    const q = axisAngle([0.3, -1, 0.5], 2.5);
    const target = transformed(source, q, [1, 2, -3]);
    const weights = Float64Array.from({ length: count }, () => next());
    const total = weights.reduce((a, b) => a + b, 0);
    for (let s = 0; s < count; s++) weights[s] /= total;
    const out = { rotation: new Float64Array(9), quaternion: new Float64Array(4), sourceCentroid: new Float64Array(3), targetCentroid: new Float64Array(3) };
    rigidAlignment(source, target, weights, count, out);
    for (let s = 0; s < count; s++) {
      for (let r = 0; r < 3; r++) {
        let x = out.targetCentroid[r];
        for (let c = 0; c < 3; c++) x += out.rotation[3 * r + c] * (source[3 * s + c] - out.sourceCentroid[c]);
        expect(x, `point ${s} coordinate ${r}`).toBeCloseTo(target[3 * s + r], 10);
      }
    }
  });
});
