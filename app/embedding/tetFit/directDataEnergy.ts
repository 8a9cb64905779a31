import { surfaceMisfitSquared } from './surfaceMisfitSquared.ts';
import type { TetFitData } from './types.ts';

/**
 * Σ_s λ_s‖C′_s x − q̄_s‖², twice the data term of seed 004 Eq. 4.1, summed directly over the surface vertices in
 * order: the reference value that incrementalDataEnergy estimates and falls back to.
 *
 * @param data              the fitter (tetFitData): Λ and C′
 * @param x                 #N×3 lattice positions [m]
 * @param surfacePositions  #S×3 targets q̄ [m]
 * @returns the weighted sum [m²] (Λ sums to 1)
 */
export function directDataEnergy(data: TetFitData, x: Float64Array, surfacePositions: ArrayLike<number>): number {
  const { surfaceVertexCount: S, dataWeights: lambda, surfaceBarycentric, surfaceCorners } = data;
  let energy = 0;
  for (let s = 0; s < S; s++) energy += lambda[s] * surfaceMisfitSquared(surfaceBarycentric, surfaceCorners, surfacePositions, x, s);
  return energy;
}
