import { corotatedEnergy } from './evaluateCorotatedForceHessian.ts';
import { neoHookeanEnergy } from './evaluateNeoHookeanForceHessian.ts';
import type { FloatArray, VbdModel } from './types.ts';

/**
 * Elastic energy V·Ψ(F) [J] of one tetrahedron with the model's tet energy (stable Neo-Hookean or corotated).
 *
 * @param model             the VBD model
 * @param tet               tetrahedron index
 * @param positions         #V×3 positions [m]
 * @param restShapeInverse  #T×9 row-major D_m⁻¹ of every tet
 * @returns the tet's E_j of seed 000 Eq. 2.6 [J]
 */
export function tetElasticEnergy(model: VbdModel, tet: number, positions: FloatArray, restShapeInverse: Float64Array): number {
  return model.tetEnergy === 'corotated' ? corotatedEnergy(model, tet, positions, restShapeInverse) : neoHookeanEnergy(model, tet, positions, restShapeInverse);
}
