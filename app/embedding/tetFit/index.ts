/**
 * The steps of the fitting of lattice targets to an animated surface, seed 004 §4.3, Eq. 4.1 (the driver is
 * ../tetTargetFitter.ts, which reads top to bottom like the method). One file per step, named by what it returns:
 *
 *   precomputation, once per embedding (tetFitData → TetFitData, types.ts):
 *     dataWeights               Λ, per-surface-vertex data weights (vertex areas), normalized
 *     fittingSystem             κ_t, shape gradients, A = C′ᵀΛC′ + (γ + w)L factored (LDLᵀ), M = C′ᵀΛC′
 *   per frame:
 *     surfaceDataRightHandSide  C′ᵀΛq̄ (also C′ᵀΛδq̄ of the linear response)
 *     rigidPreAlignment         weighted Kabsch of the initial guess and its per-tet rotations
 *   per local/global iteration (Sorkine & Alexa 2007, Anderson-accelerated: Peng et al. 2018, Alg. 2):
 *     localStepRightHandSide    R_t (warm-started polar), P_t (strain limit, Bouaziz et al. 2014), b; the elastic energy
 *     incrementalDataEnergy     the data energy for Anderson's acceptance test, O(nnz M) (directDataEnergy on a tie)
 *     largestSurfaceStep        the convergence measure, max |C′Δu|∞
 *   after the iterations, with stretch limits:
 *     untangledTets             local block Gauss–Seidel with raised strain-limit weights on inverted tets
 *   report:
 *     surfaceMisfitSquared      ‖C′_s u − q̄_s‖²
 *
 * Only what the driver calls is exported here; tetFitData calls dataWeights and fittingSystem itself. The Anderson
 * accelerator itself is app/math/andersonAccelerator.ts (shared with ARAP); the global step is
 * app/math/sparse's ldltSolve on the factor.
 */
export { directDataEnergy } from './directDataEnergy.ts';
export { incrementalDataEnergy } from './incrementalDataEnergy.ts';
export { largestSurfaceStep } from './largestSurfaceStep.ts';
export { localStepRightHandSide } from './localStepRightHandSide.ts';
export { rigidPreAlignment } from './rigidPreAlignment.ts';
export { surfaceDataRightHandSide } from './surfaceDataRightHandSide.ts';
export { surfaceMisfitSquared } from './surfaceMisfitSquared.ts';
export { tetFitData } from './tetFitData.ts';
export { untangledTets } from './untangledTets.ts';
export type { TetFitData, TetTargetFitReport, TetTargetFitter, TetTargetFitterOptions } from './types.ts';
