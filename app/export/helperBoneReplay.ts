/** A skin with helper joints: what helperBoneFit returns and helperBones writes. */
export interface HelperBoneSkin {
  /** N helper joints: the skin joint (index into the skin's joints) each is parented to */
  parents: Int32Array;
  /**
   * #F×N×16 column-major D_h(t): helper h's transform in its parent's bind space at each frame, so its skin matrix
   * is S_h(t) = S_parent(t)·D_h(t) (identity: the helper moves exactly with its parent)
   */
  transforms: Float64Array;
  /** #R×4 joint per influence: < #J a skin joint, ≥ #J helper (index − #J) */
  joints: Uint16Array;
  /** #R×4 weights, ≥ 0, summing to 1 per vertex */
  weights: Float32Array;
}

/** The frames a skin is replayed on. */
export interface HelperBoneFrames {
  frameCount: number;
  vertexCount: number;
  jointCount: number;
  /** #F×#J×16 column-major skin matrices S_j(t) = world(joint j)·inverseBind(j) */
  skinMatrices: ArrayLike<number>;
  /** #F×#R×3 bind-space positions at each frame (morph targets applied) [m] */
  bindPositions: ArrayLike<number>;
  /** #F×#R×3 world positions to reproduce [m] */
  targets: ArrayLike<number>;
}

/**
 * How far linear blend skinning with helper joints lands from the targets: p̂_i(t) = Σ_k w_ik·S_k(t)·b_i(t), where
 * a helper's S is S_parent(t)·D_h(t) (glTF 2.0 §3.7.3 with the helper as a child joint whose inverse bind matrix
 * is its parent's, see helperBones). Used by helperBoneFit on its own result and by helperBones on the transforms
 * after they went through the file's TRS and float32, so the error reported is the one players show.
 *
 * @param frames  skin matrices, bind positions and targets per frame
 * @param skin    helpers, their transforms, and the ≤ 4 influences per vertex
 * @returns the largest and the root-mean-square distance over frames and vertices [m], and the RMS over the vertices given in `moving`
 */
export function helperBoneReplayError(
  frames: HelperBoneFrames,
  skin: HelperBoneSkin,
  moving: Uint8Array | null = null,
): { maxError: number; rmsError: number } {
  const { frameCount: F, vertexCount: R, jointCount: J, skinMatrices, bindPositions, targets } = frames;
  const N = skin.parents.length;
  const helperMatrices = new Float64Array(N * 16);
  const blended = new Float64Array(12);
  let maxError = 0;
  let squares = 0;
  let counted = 0;
  for (let t = 0; t < F; t++) {
    for (let h = 0; h < N; h++) multiplyAffine(skinMatrices, (t * J + skin.parents[h]) * 16, skin.transforms, (t * N + h) * 16, helperMatrices, h * 16);
    for (let i = 0; i < R; i++) {
      blended.fill(0);
      for (let k = 0; k < 4; k++) {
        const w = skin.weights[4 * i + k];
        if (w === 0) continue;
        const joint = skin.joints[4 * i + k];
        const source = joint < J ? skinMatrices : helperMatrices;
        const o = joint < J ? (t * J + joint) * 16 : (joint - J) * 16;
        for (let c = 0; c < 4; c++) for (let r = 0; r < 3; r++) blended[3 * c + r] += w * source[o + 4 * c + r];
      }
      const b = (t * R + i) * 3;
      const x = bindPositions[b];
      const y = bindPositions[b + 1];
      const z = bindPositions[b + 2];
      const dx = blended[0] * x + blended[3] * y + blended[6] * z + blended[9] - targets[b];
      const dy = blended[1] * x + blended[4] * y + blended[7] * z + blended[10] - targets[b + 1];
      const dz = blended[2] * x + blended[5] * y + blended[8] * z + blended[11] - targets[b + 2];
      const e = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (e > maxError) maxError = e;
      if (!moving || moving[i]) {
        squares += e * e;
        counted++;
      }
    }
  }
  return { maxError, rmsError: counted > 0 ? Math.sqrt(squares / counted) : 0 };
}

/** out[o..o+16] = A·B for column-major affine 4×4 matrices (the last rows are 0 0 0 1). */
function multiplyAffine(A: ArrayLike<number>, a: number, B: ArrayLike<number>, b: number, out: Float64Array, o: number): void {
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 3; r++) {
      out[o + 4 * c + r] = A[a + r] * B[b + 4 * c] + A[a + 4 + r] * B[b + 4 * c + 1] + A[a + 8 + r] * B[b + 4 * c + 2] + (c === 3 ? A[a + 12 + r] : 0);
    }
    out[o + 4 * c + 3] = c === 3 ? 1 : 0;
  }
}
