/**
 * Small dense linear algebra shared by the solvers and the embedding (3×3 systems on flat arrays, no
 * allocation) and the union–find forest behind every connected-component pass. The 3×3 matrix helpers are in
 * ./mat3/index.ts, sparse symmetric factorizations in ./sparse/index.ts.
 */
export { solveSymmetric3x3 } from './solveSymmetric3x3.ts';
export { unionFindMerge, unionFindRoot } from './unionFind.ts';
export { denseCholesky } from './denseCholesky.ts';
export { denseCholeskySolve } from './denseCholeskySolve.ts';
export { lerpArrays } from './lerpArrays.ts';
export { hypot3 } from './hypot3.ts';
export { andersonAccelerator } from './andersonAccelerator.ts';
export type { AndersonAccelerator } from './andersonAccelerator.ts';
export { grownArray } from './grownArray.ts';
export { symmetricEigen } from './symmetricEigen.ts';
export { leftSingularVectors } from './leftSingularVectors.ts';
export { mulberry32, mulberry32Words } from './mulberry32.ts';
export { strided6Dot } from './strided6Dot.ts';
