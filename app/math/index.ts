/** Small dense linear algebra shared by the solvers (3×3 systems on flat arrays, no allocation). */
export { solveSymmetric3x3 } from './solveSymmetric3x3.ts';
