// helperBoneFit on motion made by a known jiggle bone: a bar skinned to two joints whose tip is also driven by a
// hidden helper (a child of joint 1, swinging and bobbing over 40 frames, weight 0.6 on the tip). The fit must find
// a helper that reproduces it, keep the skin at rest, never use more than 4 influences, and leave still vertices
// exactly on their input skinning.
import { describe, expect, it } from 'vitest';
import { helperBoneFit, helperBoneReplayError } from '../../../app/export/index.ts';

const F = 40;
const segments = 20;
const R = 4 * (segments + 1); // a square bar along x, 4 vertices per ring
const J = 2;

/** Column-major rotation about z by angle, with translation. */
function rotationZ(angle: number, tx: number, ty: number, tz: number): number[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1];
}

function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[4 * c + r] += a[4 * k + r] * b[4 * c + k];
  return out;
}

function transform(m: number[], x: number, y: number, z: number): [number, number, number] {
  return [m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]];
}

function bar() {
  const bind = new Float32Array(3 * R);
  const joints = new Uint16Array(4 * R);
  const weights = new Float32Array(4 * R);
  for (let s = 0; s <= segments; s++) {
    const x = s / segments;
    for (let k = 0; k < 4; k++) {
      const i = 4 * s + k;
      bind.set([x, k & 1 ? 0.05 : -0.05, k & 2 ? 0.05 : -0.05], 3 * i);
      // joint 0 on the first half, blending into joint 1 on the second
      const w1 = Math.min(1, Math.max(0, (x - 0.3) / 0.4));
      joints.set([0, 1, 0, 0], 4 * i);
      weights.set([1 - w1, w1, 0, 0], 4 * i);
    }
  }
  const skinMatrices = new Float64Array(F * J * 16);
  const targets = new Float32Array(F * R * 3);
  const bindPositions = new Float32Array(F * R * 3);
  // The hidden helper: a child of joint 1 pivoting at x = 0.8, taking 0.6 of joint 1's weight on the tip (x > 0.75).
  for (let t = 0; t < F; t++) {
    const s0 = rotationZ(0.1 * Math.sin(0.2 * t), 0.02 * t, 0, 0);
    const s1 = multiply(s0, multiply(rotationZ(0.5 * Math.sin(0.15 * t), 0.5, 0, 0), rotationZ(0, -0.5, 0, 0)));
    const jiggle = multiply(rotationZ(0, 0.8, 0.02 * Math.sin(0.9 * t), 0), multiply(rotationZ(0.3 * Math.sin(0.7 * t), 0, 0, 0), rotationZ(0, -0.8, 0, 0)));
    const helper = multiply(s1, jiggle);
    skinMatrices.set(s0, (t * J + 0) * 16);
    skinMatrices.set(s1, (t * J + 1) * 16);
    bindPositions.set(bind, t * R * 3);
    for (let i = 0; i < R; i++) {
      const [x, y, z] = [bind[3 * i], bind[3 * i + 1], bind[3 * i + 2]];
      const w0 = weights[4 * i];
      let w1 = weights[4 * i + 1];
      const h = x > 0.75 ? 0.6 * w1 : 0;
      w1 -= h;
      const p0 = transform(s0, x, y, z);
      const p1 = transform(s1, x, y, z);
      const ph = transform(helper, x, y, z);
      for (let a = 0; a < 3; a++) targets[(t * R + i) * 3 + a] = w0 * p0[a] + w1 * p1[a] + h * ph[a];
    }
  }
  return { bind, joints, weights, skinMatrices, targets, bindPositions };
}

describe('helperBoneFit', () => {
  const data = bar();
  const input = {
    frameCount: F,
    vertexCount: R,
    jointCount: J,
    skinMatrices: data.skinMatrices,
    bindPositions: data.bindPositions,
    targets: data.targets,
    joints: data.joints,
    weights: data.weights,
    influencesPerVertex: 4,
    helperCount: 1,
    iterations: 60,
  };

  it('finds the hidden jiggle bone: one helper on joint 1 reproduces the motion far better than the skin alone', () => {
    const fit = helperBoneFit(input);
    expect(Array.from(fit.parents), 'one helper, parented to the tip joint').toEqual([1]);
    expect(fit.inputMaxError, 'the skin alone misses the jiggle (bar length 1)').toBeGreaterThan(0.03);
    expect(fit.maxError, `the fit's worst error (the skin alone: ${fit.inputMaxError})`).toBeLessThan(0.05 * fit.inputMaxError);
    const replay = helperBoneReplayError(input, fit);
    expect(Math.abs(replay.maxError - fit.maxError), 'the reported error is the replayed one').toBeLessThan(1e-12);
  });

  it('at most 4 influences, normalized; the helper only takes weight from its parent; still vertices keep their skin', () => {
    const fit = helperBoneFit({ ...input, helperCount: 3 });
    for (let i = 0; i < R; i++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) {
        expect(fit.weights[4 * i + k], `vertex ${i}: weight ≥ 0`).toBeGreaterThanOrEqual(0);
        sum += fit.weights[4 * i + k];
      }
      expect(Math.abs(sum - 1), `vertex ${i}: weights sum to 1`).toBeLessThan(1e-6);
      // Joint 0's weight is untouched everywhere (no helper is parented to it here: joint 0's vertices do not jiggle).
      let joint0 = 0;
      for (let k = 0; k < 4; k++) if (fit.joints[4 * i + k] === 0) joint0 += fit.weights[4 * i + k];
      expect(Math.abs(joint0 - data.weights[4 * i]), `vertex ${i}: joint 0 keeps its weight`).toBeLessThan(1e-6);
    }
    // With every helper at rest (D = I) the new skin is the old one: same positions at every frame.
    const rest = { ...fit, transforms: new Float64Array(fit.transforms.length) };
    for (let e = 0; e < rest.transforms.length / 16; e++) for (let d = 0; d < 4; d++) rest.transforms[16 * e + 5 * d] = 1;
    const original = helperBoneReplayError(input, {
      parents: new Int32Array(0),
      transforms: new Float64Array(0),
      joints: Uint16Array.from(data.joints),
      weights: data.weights,
    });
    const atRest = helperBoneReplayError(input, rest);
    expect(Math.abs(atRest.maxError - original.maxError), 'helpers at rest: the input skinning (to float32 weights)').toBeLessThan(1e-6);
  });

  it('with no motion beyond the skin, no helper is placed and the skin is returned as it was', () => {
    const still = new Float32Array(F * R * 3);
    const fit0 = helperBoneFit({ ...input, helperCount: 0 });
    // Targets = the input skinning itself.
    const replay = helperBoneReplayError({ ...input, targets: still }, { ...fit0, parents: new Int32Array(0), transforms: new Float64Array(0) });
    expect(replay.maxError, 'sanity: the bar moves').toBeGreaterThan(0);
    const skinned = new Float32Array(F * R * 3);
    for (let t = 0; t < F; t++) {
      for (let i = 0; i < R; i++) {
        for (let j = 0; j < 2; j++) {
          const w = data.weights[4 * i + j];
          const p = transform(
            Array.from(data.skinMatrices.subarray((t * J + j) * 16, (t * J + j) * 16 + 16)),
            data.bind[3 * i],
            data.bind[3 * i + 1],
            data.bind[3 * i + 2],
          );
          for (let a = 0; a < 3; a++) skinned[(t * R + i) * 3 + a] += w * p[a];
        }
      }
    }
    const fit = helperBoneFit({ ...input, targets: skinned, helperCount: 4 });
    expect(fit.parents.length, 'no helpers for no motion').toBe(0);
    expect(fit.maxError, 'exact').toBeLessThan(1e-6);
  });
});
