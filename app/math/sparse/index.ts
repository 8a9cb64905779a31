/**
 * Sparse symmetric linear algebra on Float64Array: CSC assembly, nested-dissection ordering, LDLᵀ
 * factorization (symbolic once, numeric per matrix) and multi-right-hand-side solves.
 *
 * Typical use (factor once, solve many):
 *   const { matrix } = cscMatrixFromTriplets(n, n, rows, cols, vals);
 *   const symbolic = ldltSymbolic(matrix);           // ordering + elimination tree + pattern of L
 *   const factor = ldltFactorization(symbolic, matrix);
 *   ldltSolve(factor, rhs, out, 3);                   // #n×3 right-hand sides, row-major
 */
export type { CscMatrix } from './cscMatrix.ts';
export { cscMatrixFromTriplets } from './cscMatrixFromTriplets.ts';
export type { AssembledCscMatrix } from './cscMatrixFromTriplets.ts';
export { sparseMatrixVectorProduct } from './sparseMatrixVectorProduct.ts';
export { nestedDissectionOrdering } from './nestedDissectionOrdering.ts';
export type { NestedDissectionOptions } from './nestedDissectionOrdering.ts';
export { ldltSymbolic, MAX_FACTOR_ENTRIES } from './ldltSymbolic.ts';
export type { LdltSymbolic, LdltSymbolicOptions } from './ldltSymbolic.ts';
export { ldltFactorization } from './ldltFactorization.ts';
export type { LdltFactorization, LdltFactorizationOptions } from './ldltFactorization.ts';
export { ldltSolve } from './ldltSolve.ts';
export { cscSubmatrix } from './cscSubmatrix.ts';
