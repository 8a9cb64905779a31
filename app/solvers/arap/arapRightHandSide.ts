import type { ArapModel } from './types.ts';

/**
 * The right-hand side of ARAP's global step, b = Σ_k B_k R_kᵀ (seed 004 Eq. A.1; for spokes this is Sorkine &
 * Alexa's Σ_j (w_ij/2)(R_i + R_j)(p̄_i − p̄_j), for tets Σ_t V_t R_t g_i).
 *
 * @param model      the ARAP model
 * @param rotations  #K×9 rotations R_k row-major (fitRotationGroups)
 * @param out        #V×3 receives b, row-major
 * @param groups     optional increasing list of the groups to sum (rows no listed group reaches get 0)
 * @returns out
 */
export function arapRightHandSide(model: ArapModel, rotations: Float64Array, out: Float64Array, groups?: Uint32Array): Float64Array {
  const { rotationCount, groupOffsets, groupVertices, groupCoefficients: B } = model;
  out.fill(0, 0, 3 * model.vertexCount);
  const count = groups ? groups.length : rotationCount;
  for (let n = 0; n < count; n++) {
    const k = groups ? groups[n] : n;
    const r = 9 * k;
    const r00 = rotations[r];
    const r01 = rotations[r + 1];
    const r02 = rotations[r + 2];
    const r10 = rotations[r + 3];
    const r11 = rotations[r + 4];
    const r12 = rotations[r + 5];
    const r20 = rotations[r + 6];
    const r21 = rotations[r + 7];
    const r22 = rotations[r + 8];
    for (let e = groupOffsets[k]; e < groupOffsets[k + 1]; e++) {
      const m = 3 * groupVertices[e];
      const bx = B[3 * e];
      const by = B[3 * e + 1];
      const bz = B[3 * e + 2];
      out[m] += r00 * bx + r01 * by + r02 * bz;
      out[m + 1] += r10 * bx + r11 * by + r12 * bz;
      out[m + 2] += r20 * bx + r21 * by + r22 * bz;
    }
  }
  return out;
}
