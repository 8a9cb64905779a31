/**
 * Dense 3×3 matrices on flat row-major arrays: pure, allocation-free helpers shared by the solvers' per-element
 * math and the embedding (determinant, adjugate inverse, symmetric accumulation).
 */
export { mat3Determinant } from './mat3Determinant.ts';
export { mat3Inverse } from './mat3Inverse.ts';
export { mat3AddSymmetric } from './mat3AddSymmetric.ts';
export { symmetricEigen3 } from './symmetricEigen3.ts';
export { mat3LargestSingularValue } from './mat3LargestSingularValue.ts';
export { quaternionMatrix } from './quaternionMatrix.ts';
