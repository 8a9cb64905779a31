import { closestRotation } from '../embedding/index.ts';
import type { ArapModel } from '../solvers/arap/index.ts';

/**
 * The rotation of vertex i's neighbourhood from the rest shape to `positions`: R_i = argmax tr(Rᵀ S_i),
 * S_i = Σ_j (w_ij/2)(p_i − p_j)(p̄_i − p̄_j)ᵀ, ARAP's per-vertex rotation fit (Sorkine & Alexa 2007; seed 004 §3.2) on a
 * surface spokes model (createArapModel with triangles). Cold-started, so the result depends on nothing but its
 * inputs. The frame a pose correction's offsets live in (poseCorrectedPositions).
 *
 * @param model      spokes ARAP model of the mesh (rotation group i = vertex i)
 * @param positions  #V×3 positions [m]
 * @param vertex     i
 * @param covariance 9 numbers of scratch
 * @param quaternion 4 numbers of scratch
 * @param out        9 numbers, receives R_i row-major
 * @returns out
 */
export function vertexRotation(
  model: ArapModel,
  positions: ArrayLike<number>,
  vertex: number,
  covariance: Float64Array,
  quaternion: Float64Array,
  out: Float64Array,
): Float64Array {
  const { groupOffsets, groupVertices, groupCoefficients: B } = model;
  covariance.fill(0);
  for (let e = groupOffsets[vertex]; e < groupOffsets[vertex + 1]; e++) {
    const m = 3 * groupVertices[e];
    for (let r = 0; r < 3; r++) {
      const p = positions[m + r];
      covariance[3 * r] += p * B[3 * e];
      covariance[3 * r + 1] += p * B[3 * e + 1];
      covariance[3 * r + 2] += p * B[3 * e + 2];
    }
  }
  closestRotation(covariance, quaternion, out, true, 32);
  return out;
}
