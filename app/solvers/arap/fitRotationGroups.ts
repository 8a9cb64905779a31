import { warmStartedRotation } from '../../embedding/index.ts';
import { mat3AddOuterProduct } from '../../math/mat3/index.ts';
import type { ArapModel } from './types.ts';

/** Scratch of fitRotationGroups (one per caller; nothing is allocated per call). */
export interface RotationFitScratch {
  covariance: Float64Array;
  quaternion: Float64Array;
  rotation: Float64Array;
}

/** @returns fresh scratch for fitRotationGroups */
export function rotationFitScratch(): RotationFitScratch {
  return { covariance: new Float64Array(9), quaternion: new Float64Array(4), rotation: new Float64Array(9) };
}

/**
 * ARAP's local step (Sorkine & Alexa 2007 §3; seed 004 §3.2, "the best rotation around each vertex, via polar
 * decomposition"): for every rotation group k, S_k = pᵀB_k (for spokes Σ_j (w_ij/2)(p_i − p_j)(p̄_i − p̄_j)ᵀ, for a
 * tet V·F_t) and R_k = argmax tr(R_kᵀS_k) over proper rotations (closestRotation, warm-started from the previous
 * iteration's quaternion). Minimizes E(p, ·) exactly for fixed p, so it never increases the energy.
 *
 * @param model        the ARAP model
 * @param positions    #V×3 current positions p [m]
 * @param quaternions  #K×4 warm starts, overwritten with the fitted rotations (x, y, z, w)
 * @param rotations    #K×9 receives R_k row-major
 * @param scratch      caller-owned 3×3 and quaternion scratch (rotationFitScratch); nothing is allocated
 * @param coldStart    ignore the stored quaternions (first iteration)
 * @returns Σ_k tr(R_kᵀ S_k), the energy's rotation term with its sign flipped [energy units]
 */
export function fitRotationGroups(
  model: ArapModel,
  positions: ArrayLike<number>,
  quaternions: Float64Array,
  rotations: Float64Array,
  scratch: RotationFitScratch,
  coldStart: boolean,
): number {
  const { rotationCount: K, groupOffsets, groupVertices, groupCoefficients: B } = model;
  const { covariance: S, quaternion: q, rotation: Rk } = scratch;
  let total = 0;
  for (let k = 0; k < K; k++) {
    S.fill(0);
    for (let e = groupOffsets[k]; e < groupOffsets[k + 1]; e++) mat3AddOuterProduct(S, positions, 3 * groupVertices[e], B, 3 * e);
    warmStartedRotation(S, quaternions, k, q, Rk, coldStart, coldStart ? 24 : 8);
    for (let e = 0; e < 9; e++) rotations[9 * k + e] = Rk[e];
    total += Rk[0] * S[0] + Rk[1] * S[1] + Rk[2] * S[2] + Rk[3] * S[3] + Rk[4] * S[4] + Rk[5] * S[5] + Rk[6] * S[6] + Rk[7] * S[7] + Rk[8] * S[8];
  }
  return total;
}
