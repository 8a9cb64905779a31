// The steps of helperBoneFit, each on a case whose answer is known without running the fit: the pruned skin (merge,
// keep 4, renormalize), D'Hondt placement (proportional, at least 3 vertices per helper), the transform step
// (recovers a known rigid D exactly, as absolute orientation must), and the weight step (the projected least-squares
// weight, clamped to the parent's budget and to ≥ 0).
import { describe, expect, it } from 'vitest';
import type { HelperBoneFitState } from '../../../app/export/helperBoneFitState.ts';
import { helperFitScratch } from '../../../app/export/helperFitScratch.ts';
import { helperParents } from '../../../app/export/helperParents.ts';
import { helperTransformStep } from '../../../app/export/helperTransformStep.ts';
import { helperWeightStep } from '../../../app/export/helperWeightStep.ts';
import { prunedSkin } from '../../../app/export/prunedSkin.ts';

describe('prunedSkin', () => {
  it('sums a joint named twice, keeps the 4 strongest (ties: lower joint), renormalizes to 1', () => {
    // vertex 0: joint 2 twice (0.1 + 0.15 = 0.25), then 0.3, 0.2, 0.1, 0.05 and a NaN: 5 joints, the weakest goes
    const skin = prunedSkin([5, 2, 7, 2, 3, 9, 4, 1], [0.3, 0.1, 0.2, 0.15, 0.1, 0.05, NaN, 0.1], 8, 1);
    expect(skin.counts[0], 'four influences kept').toBe(4);
    expect(Array.from(skin.joints), 'strongest first; 0.1 tie of joints 1 and 3 keeps joint 1').toEqual([5, 2, 7, 1]);
    const sum = 0.3 + 0.25 + 0.2 + 0.1;
    const expected = [0.3 / sum, 0.25 / sum, 0.2 / sum, 0.1 / sum];
    skin.weights.forEach((w, k) => expect(w, `weight ${k} renormalized`).toBeCloseTo(expected[k], 14));
  });

  it('gives a vertex without positive weight wholly to its first joint', () => {
    const skin = prunedSkin([6, 2, 0, 3], [0, -1, 1, 0], 2, 2);
    expect([skin.counts[0], skin.joints[0], skin.weights[0]], 'vertex 0: joint 6 with weight 1').toEqual([1, 6, 1]);
    expect([skin.counts[1], skin.joints[4], skin.weights[4]], 'vertex 1 keeps its one positive weight').toEqual([1, 0, 1]);
  });
});

describe('helperParents', () => {
  it("hands out helpers in proportion to the squared motion (D'Hondt) and never more than one per 3 vertices", () => {
    // joint 0: 12 vertices of motion 1 (energy 12); joint 1: 4 vertices of motion 1 (energy 4); joint 2: still.
    const R = 20;
    const joints = new Uint16Array(4 * R);
    const motion = new Float64Array(R);
    const moving = new Uint8Array(R);
    for (let i = 0; i < R; i++) {
      joints[4 * i] = i < 12 ? 0 : i < 16 ? 1 : 2;
      moving[i] = i < 16 ? 1 : 0;
      motion[i] = i < 16 ? 1 : 0;
    }
    // averages: joint 0 12, 6, 4, 3; joint 1 4, then capped (4 vertices allow one helper)
    const four = helperParents(moving, motion, joints, 3, 4);
    expect(four.parents, '12 : 4 energy gives joint 0 three of four helpers').toEqual([0, 0, 0, 1]);
    const six = helperParents(moving, motion, joints, 3, 6);
    expect(six.parents, 'six asked, five come back: joint 1 (4 vertices) takes one, joint 0 (12 vertices) four').toEqual([0, 0, 0, 0, 1]);
    expect(Array.from(six.helpersOf), 'count per joint').toEqual([4, 1, 0]);
    expect(six.members[2], 'still vertices are nobody’s members').toEqual([]);
    const still = helperParents(new Uint8Array(R), motion, joints, 3, 4);
    expect(still.parents, 'no moving vertex, no helper').toEqual([]);
  });
});

/** A state for F frames of R vertices, one joint (identity skin matrices), one helper every vertex may use. */
function oneHelperState(F: number, bind: number[][], weight: number): HelperBoneFitState {
  const R = bind.length;
  const skinMatrices = new Float64Array(16 * F);
  const linearInverse = new Float64Array(9 * F);
  for (let t = 0; t < F; t++) {
    for (let d = 0; d < 4; d++) skinMatrices[16 * t + 5 * d] = 1;
    for (let d = 0; d < 3; d++) linearInverse[9 * t + 4 * d] = 1;
  }
  const bindPositions = new Float64Array(F * R * 3);
  for (let t = 0; t < F; t++) bind.forEach((b, i) => bindPositions.set(b, (t * R + i) * 3));
  const joints = new Uint16Array(4 * R);
  const weights = new Float64Array(4 * R);
  for (let i = 0; i < R; i++) weights[4 * i] = weight;
  const quaternions = new Float64Array(4 * F);
  for (let t = 0; t < F; t++) quaternions[4 * t + 3] = 1;
  return {
    frameCount: F,
    vertexCount: R,
    jointCount: 1,
    helperCount: 1,
    pairCount: R,
    skinMatrices,
    bindPositions,
    skin: { joints, weights, counts: new Uint8Array(R).fill(1) },
    residual: new Float64Array(F * R * 3),
    moving: new Uint8Array(R).fill(1),
    parents: [0],
    candidates: Array.from({ length: R }, () => [0]),
    replacement: new Uint8Array(R),
    linearInverse,
    pairOffset: Int32Array.from({ length: R + 1 }, (_, i) => i),
    userVertex: [Array.from({ length: R }, (_, i) => i)],
    userSlot: [new Array<number>(R).fill(0)],
    quaternions,
    translations: new Float64Array(3 * F),
    amounts: Array.from({ length: R }, () => Float64Array.of(weight)),
    displacements: new Float64Array(F * R * 3),
    ...helperFitScratch(R),
  };
}

const bind = [
  [0, 0, 0],
  [0.3, 0, 0],
  [0, 0.2, 0],
  [0, 0, 0.25],
  [0.1, 0.15, -0.05],
];

describe('helperTransformStep', () => {
  it('recovers a rigid D exactly from residuals it made at full weight (absolute orientation)', () => {
    // D: 0.4 rad about the unit axis (1, 2, 2)/3, translation (0.05, −0.02, 0.01); residual r_i = D b_i − b_i.
    const angle = 0.4;
    const axis = [1 / 3, 2 / 3, 2 / 3];
    const quaternion = [...axis.map((a) => a * Math.sin(angle / 2)), Math.cos(angle / 2)];
    const translation = [0.05, -0.02, 0.01];
    const state = oneHelperState(1, bind, 1);
    const rotate = (v: number[]) => {
      const [x, y, z, w] = quaternion;
      const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
      return [v[0] + w * t[0] + (y * t[2] - z * t[1]), v[1] + w * t[1] + (z * t[0] - x * t[2]), v[2] + w * t[2] + (x * t[1] - y * t[0])];
    };
    bind.forEach((b, i) => {
      const moved = rotate(b);
      for (let d = 0; d < 3; d++) state.residual[3 * i + d] = moved[d] + translation[d] - b[d];
    });
    helperTransformStep(state);
    // λ = 1e-6 of the spread pulls toward I: the rotation is off by about 1e-6 of the angle, no more
    const sign = Math.sign(state.quaternions[3]);
    for (let d = 0; d < 4; d++) expect(Math.abs(sign * state.quaternions[d] - quaternion[d]), `quaternion component ${d}`).toBeLessThan(1e-6);
    for (let d = 0; d < 3; d++) expect(Math.abs(state.translations[d] - translation[d]), `translation component ${d} [m]`).toBeLessThan(1e-6);
    for (let k = 0; k < state.residual.length; k++)
      expect(Math.abs(state.displacements[k] - state.residual[k]), `cached displacement ${k} replays the residual [m]`).toBeLessThan(1e-6);
  });
});

describe('helperWeightStep', () => {
  /** A state whose helper displaces every vertex by u(t) and whose residual is s·u(t); the parent's weight is 0.8. */
  function scaled(s: number): HelperBoneFitState {
    const F = 3;
    const state = oneHelperState(F, bind, 0.8);
    state.amounts.forEach((a) => (a[0] = 0));
    for (let t = 0; t < F; t++) {
      for (let i = 0; i < bind.length; i++) {
        for (let d = 0; d < 3; d++) {
          const u = 0.01 * (1 + t) * (d + 1) * (i + 1);
          state.displacements[(t * bind.length + i) * 3 + d] = u;
          state.residual[(t * bind.length + i) * 3 + d] = s * u;
        }
      }
    }
    return state;
  }
  const uu = (state: HelperBoneFitState, i: number) => {
    let sum = 0;
    for (let t = 0; t < state.frameCount; t++) for (let d = 0; d < 3; d++) sum += state.displacements[(t * state.vertexCount + i) * 3 + d] ** 2;
    return sum;
  };

  it('finds the least-squares weight when it is within the budget, with zero error', () => {
    const state = scaled(0.5);
    const error = helperWeightStep(state);
    state.amounts.forEach((a, i) => expect(a[0], `vertex ${i}: r = 0.5·u`).toBeCloseTo(0.5, 12));
    expect(error, 'the residual is explained [m²]').toBeLessThan(1e-12);
  });

  it("clamps to the parent's weight and to zero, and reports the error left", () => {
    const over = scaled(1.5);
    const overError = helperWeightStep(over);
    over.amounts.forEach((a, i) => expect(a[0], `vertex ${i}: 1.5 asked, 0.8 is all the parent has`).toBe(0.8));
    const expectedOver = bind.reduce((s, _, i) => s + 0.7 ** 2 * uu(over, i), 0);
    expect(overError, 'error = Σ |0.7·u|² [m²]').toBeCloseTo(expectedOver, 12);
    const under = scaled(-0.5);
    const underError = helperWeightStep(under);
    under.amounts.forEach((a, i) => expect(a[0], `vertex ${i}: a negative weight is clamped to 0`).toBe(0));
    const expectedUnder = bind.reduce((s, _, i) => s + 0.25 * uu(under, i), 0);
    expect(underError, 'error = Σ |0.5·u|² [m²]').toBeCloseTo(expectedUnder, 12);
  });
});
