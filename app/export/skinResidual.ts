import type { HelperBoneFrames } from './helperBoneReplay.ts';
import type { PrunedSkin } from './prunedSkin.ts';

/** What a skin leaves unexplained of the baked frames, and which vertices that concerns. */
export interface SkinResidual {
  /** #F×#R×3 r_i(t) = p_i(t) − Σ_k w_ik·S_k(t)·b_i(t), the target less the skin's position [m] */
  residual: Float64Array;
  /** #R RMS over the frames of |r_i(t)| [m] */
  motion: Float64Array;
  /** #R 1 where motion is above 1e-6 of the bind pose's bounding-box diagonal (float32 rounding of the mesh), else 0 */
  moving: Uint8Array;
}

/**
 * The residual of linear blend skinning against the baked frames, r_i(t) = p_i(t) − Σ_k w_ik·S_k(t)·b_i(t) (the data
 * term of Le & Deng 2012 (SSDR) with the skeleton's bones fixed), each vertex's RMS motion over the frames,
 * and which vertices move: those whose RMS residual is above float32 rounding of the mesh's size (1e-6 of the
 * diagonal of the first frame's bind positions' box). Only moving vertices get helpers in helperBoneFit.
 *
 * @param frames  #F frames of #R vertices and #J skin matrices, with targets
 * @param skin    the ≤ 4 influences per vertex (prunedSkin)
 * @returns the residual, the RMS motion and the moving flags
 */
export function skinResidual(frames: HelperBoneFrames, skin: PrunedSkin): SkinResidual {
  const { frameCount: F, vertexCount: R, jointCount: J, skinMatrices, bindPositions, targets } = frames;
  const { joints: baseJoints, weights: baseWeights, counts: influenceCount } = skin;
  const residual = new Float64Array(F * R * 3);
  const motion = new Float64Array(R);
  for (let t = 0; t < F; t++) {
    for (let i = 0; i < R; i++) {
      const o = (t * R + i) * 3;
      let x = 0;
      let y = 0;
      let z = 0;
      for (let k = 0; k < influenceCount[i]; k++) {
        const w = baseWeights[4 * i + k];
        const m = (t * J + baseJoints[4 * i + k]) * 16;
        const bx = bindPositions[o];
        const by = bindPositions[o + 1];
        const bz = bindPositions[o + 2];
        x += w * (skinMatrices[m] * bx + skinMatrices[m + 4] * by + skinMatrices[m + 8] * bz + skinMatrices[m + 12]);
        y += w * (skinMatrices[m + 1] * bx + skinMatrices[m + 5] * by + skinMatrices[m + 9] * bz + skinMatrices[m + 13]);
        z += w * (skinMatrices[m + 2] * bx + skinMatrices[m + 6] * by + skinMatrices[m + 10] * bz + skinMatrices[m + 14]);
      }
      residual[o] = targets[o] - x;
      residual[o + 1] = targets[o + 1] - y;
      residual[o + 2] = targets[o + 2] - z;
      motion[i] += residual[o] ** 2 + residual[o + 1] ** 2 + residual[o + 2] ** 2;
    }
  }
  // A vertex moves when its RMS residual is above float32 rounding of the mesh's size (1e-6 of its diagonal).
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < 3 * R; i++) {
    low[i % 3] = Math.min(low[i % 3], bindPositions[i]);
    high[i % 3] = Math.max(high[i % 3], bindPositions[i]);
  }
  const still = 1e-6 * Math.hypot(high[0] - low[0], high[1] - low[1], high[2] - low[2]);
  const moving = new Uint8Array(R);
  for (let i = 0; i < R; i++) moving[i] = (motion[i] = Math.sqrt(motion[i] / Math.max(F, 1))) > still ? 1 : 0;
  return { residual, motion, moving };
}
