import { closestRotation } from '../embedding/index.ts';
import { helperDisplacement } from './helperDisplacement.ts';
import type { HelperBoneFitState } from './helperBoneFitState.ts';

/**
 * Step (1) of a helperBoneFit sweep, the bone update of Le & Deng 2012 (SSDR) for rigid helpers in their
 * parent's bind space: per helper h and frame t, with the weights and the other helpers fixed,
 *   minimize Σ_i |y_i − a_i (D b_i − b_i)|² = Σ_i a_i² |D b_i − c_i|²,  c_i = b_i + y_i / a_i,  y_i = L⁻¹ q_i,
 * q_i the input skin's residual less the other helpers' part: a weighted absolute-orientation problem (Horn 1987),
 * solved by centering, M = Σ a_i² (c_i − c̄)(b_i − b̄)ᵀ + λI (λ = 1e-6 of the weighted spread: a small pull toward
 * the identity where few or nearly collinear vertices leave the rotation open), R = closestRotation(M) warm-started
 * from the last quaternion, t = c̄ − R b̄. Vertices with a_i ≤ 1e-6 do not vote; a helper and frame without voters
 * keeps its transform. Refreshes the cached displacements of every user of a helper it moved.
 *
 * @param state  the fit (helperBoneFitState); writes quaternions, translations, displacements and the scratch
 */
export function helperTransformStep(state: HelperBoneFitState): void {
  const { frameCount: F, helperCount: N } = state;
  for (let h = 0; h < N; h++) {
    for (let t = 0; t < F; t++) helperFrameTransform(state, h, t);
  }
}

/** D_h(t) for one helper and frame (the weighted absolute orientation above); nothing changes without voters. */
function helperFrameTransform(state: HelperBoneFitState, h: number, t: number): void {
  const {
    vertexCount: R,
    jointCount: J,
    helperCount: N,
    pairCount: P,
    residual,
    bindPositions,
    candidates,
    amounts,
    displacements,
    pairOffset,
    linearInverse,
  } = state;
  const { pointWeight, sources, goals, covariance, rotation, quaternion, quaternions, translations } = state;
  const vertices = state.userVertex[h];
  const slots = state.userSlot[h];
  let total = 0;
  let count = 0;
  const bMean = [0, 0, 0];
  const cMean = [0, 0, 0];
  const l = (t * J + state.parents[h]) * 9;
  for (let u = 0; u < vertices.length; u++) {
    const i = vertices[u];
    const index = slots[u];
    const a = amounts[i][index];
    if (!(a > 1e-6)) continue;
    const o = (t * R + i) * 3;
    let qx = residual[o];
    let qy = residual[o + 1];
    let qz = residual[o + 2];
    for (let n = 0; n < candidates[i].length; n++) {
      if (n === index || amounts[i][n] === 0) continue;
      const d = (t * P + pairOffset[i] + n) * 3;
      qx -= amounts[i][n] * displacements[d];
      qy -= amounts[i][n] * displacements[d + 1];
      qz -= amounts[i][n] * displacements[d + 2];
    }
    const w = a * a;
    pointWeight[count] = w;
    for (let r = 0; r < 3; r++) {
      const y = linearInverse[l + 3 * r] * qx + linearInverse[l + 3 * r + 1] * qy + linearInverse[l + 3 * r + 2] * qz;
      sources[3 * count + r] = bindPositions[o + r];
      goals[3 * count + r] = bindPositions[o + r] + y / a;
      bMean[r] += w * sources[3 * count + r];
      cMean[r] += w * goals[3 * count + r];
    }
    total += w;
    count++;
  }
  if (total === 0) return;
  for (let r = 0; r < 3; r++) {
    bMean[r] /= total;
    cMean[r] /= total;
  }
  // M = Σ w (c − c̄)(b − b̄)ᵀ; the rotation maximizing tr(Rᵀ M), pulled toward I by λ·I.
  covariance.fill(0);
  let spread = 0;
  for (let p = 0; p < count; p++) {
    const w = pointWeight[p];
    for (let r = 0; r < 3; r++) {
      const cr = goals[3 * p + r] - cMean[r];
      spread += w * (sources[3 * p + r] - bMean[r]) ** 2;
      for (let c = 0; c < 3; c++) covariance[3 * r + c] += w * cr * (sources[3 * p + c] - bMean[c]);
    }
  }
  const lambda = 1e-6 * spread;
  covariance[0] += lambda;
  covariance[4] += lambda;
  covariance[8] += lambda;
  const q = (t * N + h) * 4;
  quaternion.set(quaternions.subarray(q, q + 4));
  closestRotation(covariance, quaternion, rotation, false, 24);
  quaternions.set(quaternion, q);
  for (let r = 0; r < 3; r++) {
    translations[(t * N + h) * 3 + r] = cMean[r] - (rotation[3 * r] * bMean[0] + rotation[3 * r + 1] * bMean[1] + rotation[3 * r + 2] * bMean[2]);
  }
  for (let u = 0; u < vertices.length; u++) helperDisplacement(state, t, h, vertices[u], slots[u]);
}
