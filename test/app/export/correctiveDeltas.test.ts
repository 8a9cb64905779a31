// correctiveDeltas: skinning b + d with the same joints, weights and matrices lands on the targets; checked with
// app/animation's linearBlendSkinning (an independent implementation of glTF §3.7.3).
import { describe, expect, it } from 'vitest';
import { linearBlendSkinning } from '../../../app/animation/index.ts';
import { correctiveDeltas } from '../../../app/export/index.ts';
import { mulberry32 } from '../../../app/math/index.ts';

/** A random affine column-major matrix near a rotation-scale (well conditioned). */
function affine(next: () => number): number[] {
  const m = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  for (const e of [0, 1, 2, 4, 5, 6, 8, 9, 10]) m[e] += 0.6 * (next() - 0.5);
  for (const e of [12, 13, 14]) m[e] = 4 * (next() - 0.5);
  return m;
}

describe('correctiveDeltas', () => {
  it('skinning (b + d) reproduces the targets to float64 round-off', () => {
    const next = mulberry32(7);
    const vertexCount = 200;
    const jointCount = 5;
    const skinMatrices = new Float64Array(jointCount * 16);
    for (let j = 0; j < jointCount; j++) skinMatrices.set(affine(next), 16 * j);
    const joints = new Uint16Array(vertexCount * 4);
    const weights = new Float64Array(vertexCount * 4);
    for (let v = 0; v < vertexCount; v++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) {
        joints[4 * v + k] = Math.floor(next() * jointCount);
        weights[4 * v + k] = k < 2 || next() < 0.5 ? next() : 0;
        sum += weights[4 * v + k];
      }
      for (let k = 0; k < 4; k++) weights[4 * v + k] /= sum;
    }
    const bind = Float64Array.from({ length: vertexCount * 3 }, () => next() - 0.5);
    const targets = Float64Array.from({ length: vertexCount * 3 }, () => 3 * (next() - 0.5));
    const deltas = new Float64Array(vertexCount * 3);
    expect(correctiveDeltas(bind, joints, weights, 4, skinMatrices, targets, null, deltas), 'no singular vertex').toBe(0);
    const corrected = bind.map((b, i) => b + deltas[i]);
    const skinned = linearBlendSkinning(corrected, joints, weights, 4, skinMatrices, new Float64Array(vertexCount * 3));
    let worst = 0;
    for (let i = 0; i < skinned.length; i++) worst = Math.max(worst, Math.abs(skinned[i] - targets[i]));
    expect(worst, 'max |LBS(b + d) − p|').toBeLessThan(1e-12);
  });

  it('an unskinned mesh: the node matrix is undone, and unchanged targets give exactly zero', () => {
    const next = mulberry32(3);
    const matrix = affine(next);
    const bind = Float64Array.from({ length: 30 }, () => next());
    const world = new Float64Array(30);
    for (let v = 0; v < 10; v++) {
      for (let r = 0; r < 3; r++)
        world[3 * v + r] = matrix[12 + r] + matrix[r] * bind[3 * v] + matrix[4 + r] * bind[3 * v + 1] + matrix[8 + r] * bind[3 * v + 2];
    }
    const targets = Float64Array.from(world);
    targets[4] += 0.5;
    const deltas = new Float64Array(30);
    correctiveDeltas(bind, null, null, 0, matrix, targets, world, deltas);
    for (let i = 0; i < 30; i++) {
      if (i >= 3 && i < 6) continue;
      expect(deltas[i], `unchanged vertex component ${i} is exactly 0`).toBe(0);
    }
    // M·(b + d) = p for the moved vertex.
    const b = [bind[3] + deltas[3], bind[4] + deltas[4], bind[5] + deltas[5]];
    for (let r = 0; r < 3; r++) {
      const p = matrix[12 + r] + matrix[r] * b[0] + matrix[4 + r] * b[1] + matrix[8 + r] * b[2];
      expect(Math.abs(p - targets[3 + r]), `moved vertex axis ${r}`).toBeLessThan(1e-12);
    }
  });

  it('a vertex whose joints are scaled to zero is reported and left uncorrected', () => {
    const zero = new Float64Array(16);
    const deltas = new Float64Array(3).fill(9);
    const singular = correctiveDeltas([0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], 4, zero, [1, 2, 3], null, deltas);
    expect(singular, 'one singular vertex').toBe(1);
    expect(Array.from(deltas), 'its delta is zero').toEqual([0, 0, 0]);
  });
});
