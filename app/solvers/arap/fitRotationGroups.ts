import { warmStartedRotation } from '../../embedding/index.ts';
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
 * @param groups       optional increasing list of the groups to fit (the others keep their rotations and quaternions)
 * @returns Σ_k tr(R_kᵀ S_k) over the groups fitted, the energy's rotation term with its sign flipped [energy units]
 */
export function fitRotationGroups(
  model: ArapModel,
  positions: ArrayLike<number>,
  quaternions: Float64Array,
  rotations: Float64Array,
  scratch: RotationFitScratch,
  coldStart: boolean,
  groups?: Uint32Array,
): number {
  const { rotationCount, groupOffsets, groupVertices, groupCoefficients: B } = model;
  const { covariance: S, quaternion: q, rotation: Rk } = scratch;
  const count = groups ? groups.length : rotationCount;
  let total = 0;
  for (let n = 0; n < count; n++) {
    const k = groups ? groups[n] : n;
    let s00 = 0;
    let s01 = 0;
    let s02 = 0;
    let s10 = 0;
    let s11 = 0;
    let s12 = 0;
    let s20 = 0;
    let s21 = 0;
    let s22 = 0;
    for (let e = groupOffsets[k]; e < groupOffsets[k + 1]; e++) {
      const m = 3 * groupVertices[e];
      const px = positions[m];
      const py = positions[m + 1];
      const pz = positions[m + 2];
      const bx = B[3 * e];
      const by = B[3 * e + 1];
      const bz = B[3 * e + 2];
      s00 += px * bx;
      s01 += px * by;
      s02 += px * bz;
      s10 += py * bx;
      s11 += py * by;
      s12 += py * bz;
      s20 += pz * bx;
      s21 += pz * by;
      s22 += pz * bz;
    }
    S[0] = s00;
    S[1] = s01;
    S[2] = s02;
    S[3] = s10;
    S[4] = s11;
    S[5] = s12;
    S[6] = s20;
    S[7] = s21;
    S[8] = s22;
    warmStartedRotation(S, quaternions, k, q, Rk, coldStart, coldStart ? 24 : 8);
    for (let e = 0; e < 9; e++) rotations[9 * k + e] = Rk[e];
    total += Rk[0] * s00 + Rk[1] * s01 + Rk[2] * s02 + Rk[3] * s10 + Rk[4] * s11 + Rk[5] * s12 + Rk[6] * s20 + Rk[7] * s21 + Rk[8] * s22;
  }
  return total;
}
