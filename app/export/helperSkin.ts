import type { HelperBoneFitState } from './helperBoneFitState.ts';
import type { HelperBoneSkin } from './helperBoneReplay.ts';
import { influenceSlot } from './influenceSlot.ts';

/**
 * The skin a helperBoneFit writes: per vertex, each input joint's weight less what its helpers took, then the helpers
 * (joint index #J + h) with their weights, dropping zero weights and renormalizing (float32, ≤ 4 influences); and
 * each helper's D_h(t) as a column-major 4×4 from its quaternion and translation.
 *
 * @param state  the fit after its last sweep (helperBoneFitState)
 * @returns the helpers' parents, #F×N×16 transforms, #R×4 joints and weights
 */
export function helperSkin(state: HelperBoneFitState): HelperBoneSkin {
  const { frameCount: F, vertexCount: R, jointCount: J, helperCount: N, skin, parents, candidates, amounts, quaternions, translations } = state;
  const joints = new Uint16Array(4 * R);
  const weights = new Float32Array(4 * R);
  for (let i = 0; i < R; i++) {
    const list: Array<[number, number]> = [];
    for (let k = 0; k < skin.counts[i]; k++) list.push([skin.joints[4 * i + k], skin.weights[4 * i + k]]);
    candidates[i].forEach((h, n) => {
      const a = amounts[i][n];
      if (!(a > 0)) return;
      list[influenceSlot(skin, i, parents[h])][1] -= a;
      list.push([J + h, a]);
    });
    const kept = list.filter((entry) => entry[1] > 0);
    const sum = kept.reduce((s, entry) => s + entry[1], 0);
    kept.forEach(([joint, w], k) => {
      joints[4 * i + k] = joint;
      weights[4 * i + k] = w / sum;
    });
  }
  const transforms = new Float64Array(F * N * 16);
  for (let e = 0; e < F * N; e++) {
    quaternionMatrix(quaternions, 4 * e, transforms, 16 * e);
    transforms.set(translations.subarray(3 * e, 3 * e + 3), 16 * e + 12);
  }
  return { parents: Int32Array.from(parents), transforms, joints, weights };
}

/** The column-major 4×4 rotation of a unit quaternion at q[o] (translation 0) into out[p..p+16]. */
function quaternionMatrix(q: Float64Array, o: number, out: Float64Array, p: number): void {
  const x = q[o],
    y = q[o + 1],
    z = q[o + 2],
    w = q[o + 3];
  out[p] = 1 - 2 * (y * y + z * z);
  out[p + 1] = 2 * (x * y + z * w);
  out[p + 2] = 2 * (x * z - y * w);
  out[p + 3] = 0;
  out[p + 4] = 2 * (x * y - z * w);
  out[p + 5] = 1 - 2 * (x * x + z * z);
  out[p + 6] = 2 * (y * z + x * w);
  out[p + 7] = 0;
  out[p + 8] = 2 * (x * z + y * w);
  out[p + 9] = 2 * (y * z - x * w);
  out[p + 10] = 1 - 2 * (x * x + y * y);
  out[p + 11] = 0;
  out[p + 12] = 0;
  out[p + 13] = 0;
  out[p + 14] = 0;
  out[p + 15] = 1;
}
