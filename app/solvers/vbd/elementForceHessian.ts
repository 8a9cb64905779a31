import type { FloatArray, VbdModel } from './types.ts';

/**
 * The contract every per-element term of the vertex solve implements (seed 000 Eq. 3.5: f_i = −∂E_j/∂x_i and
 * H_i += ∂²E_j/∂x_i² of each element j around vertex i; Eq. 3.8 for the element's Rayleigh damping): element `element`
 * of its kind (spring, StVK triangle, dihedral hinge, Neo-Hookean or co-rotated tet), seen from its `localVertex`-th
 * vertex, ADDS its force and Hessian block to `force` (3) and `hessian` (9, row-major). vertexForceHessian calls one
 * of these per element in the vertex's lists; each has a WGSL twin in kernels/vbd (docs/kernels.md).
 *
 * @param model             the VBD model (the element's vertices, rest data and material)
 * @param element           the element's index within its kind
 * @param localVertex       which of the element's vertices is being solved (0 … vertices per element − 1)
 * @param positions         #V×3 current positions x [m]
 * @param positionsStart    #V×3 positions at the substep's start x^t [m] (the damping's velocity)
 * @param inverseTimeStep   1/h [1/s]; 0 turns the damping off (quasistatic)
 * @param force             3, accumulated f_i [N]
 * @param hessian           9, accumulated H_i [N/m]
 * @param restShapeInverse  #T×9 D_m⁻¹ of the tets (the animated rest shape when step builds one); tets only
 */
export type ElementForceHessian = (
  model: VbdModel,
  element: number,
  localVertex: number,
  positions: FloatArray,
  positionsStart: FloatArray,
  inverseTimeStep: number,
  force: Float64Array,
  hessian: Float64Array,
  restShapeInverse?: Float64Array,
) => void;
