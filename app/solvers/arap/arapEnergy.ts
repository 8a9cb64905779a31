import { fitRotationGroups, rotationFitScratch } from './fitRotationGroups.ts';
import { laplacianQuadraticForm } from './laplacianQuadraticForm.ts';
import type { ArapModel } from './types.ts';

/**
 * The ARAP energy at positions p with its best rotations, E(p) = min_R ½tr(pᵀLp) − Σ_k tr(R_kᵀ pᵀB_k) + c
 * (types.ts; seed 004 §3.2): zero on the rest shape and on its rigid motions, positive otherwise. For tests,
 * diagnostics and reports; allocates.
 *
 * @param model      the ARAP model
 * @param positions  #V×3 positions [m]
 * @returns E ≥ 0 (up to rounding)
 */
export function arapEnergy(model: ArapModel, positions: ArrayLike<number>): number {
  const K = model.rotationCount;
  const quaternions = new Float64Array(4 * K);
  const rotations = new Float64Array(9 * K);
  const rotationTerm = fitRotationGroups(model, positions, quaternions, rotations, rotationFitScratch(), true);
  const quadratic = laplacianQuadraticForm(model.laplacian, positions);
  return 0.5 * quadratic - rotationTerm + model.restEnergy;
}
