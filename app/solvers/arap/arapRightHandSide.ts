import { mat3MultiplyAddVector } from '../../math/mat3/index.ts';
import type { ArapModel } from './types.ts';

/**
 * The right-hand side of ARAP's global step, b = Σ_k B_k R_kᵀ (seed 004 Eq. A.1; for spokes this is Sorkine &
 * Alexa's Σ_j (w_ij/2)(R_i + R_j)(p̄_i − p̄_j), for tets Σ_t V_t R_t g_i).
 *
 * @param model      the ARAP model
 * @param rotations  #K×9 rotations R_k row-major (fitRotationGroups)
 * @param out        #V×3 receives b, row-major
 * @returns out
 */
export function arapRightHandSide(model: ArapModel, rotations: Float64Array, out: Float64Array): Float64Array {
  const { rotationCount: K, groupOffsets, groupVertices, groupCoefficients: B } = model;
  out.fill(0, 0, 3 * model.vertexCount);
  for (let k = 0; k < K; k++) {
    for (let e = groupOffsets[k]; e < groupOffsets[k + 1]; e++) mat3MultiplyAddVector(rotations, 9 * k, B, 3 * e, out, 3 * groupVertices[e]);
  }
  return out;
}
