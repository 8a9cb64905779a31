import type { VbdModel } from './types.ts';

/**
 * Magnitudes a vertex Hessian H_i may take [N/m]. Each vertex step solves H_i Δx = f_i with the adjugate formula
 * (solveSymmetric3x3), whose determinant is a product of three entries: beyond 1e100 it overflows to Infinity,
 * below 1e-100 it underflows to zero, and the solve is refused either way. A vertex whose every solve is refused
 * never moves: the body stays frozen while the run reports success.
 */
export const HESSIAN_SCALE_LIMITS = { min: 1e-100, max: 1e100 } as const;

const elasticScales = new WeakMap<VbdModel, Float64Array>();

/**
 * Whether a configuration can work at all (seed 000 Eq. 3.4: each vertex solves its 3×3 Newton system): the
 * magnitude of every free vertex's Hessian, m_i/h² (inertia, Eq. 3.5) + k_i (attachment) + the elastic stiffness of
 * its elements, must lie inside HESSIAN_SCALE_LIMITS. The elastic part of a tet is (μ + λ)·V·‖D_m⁻¹‖²_F, of a
 * triangle (μ + λ)t·A·‖D_m⁻¹‖²_F, of a spring or hinge its stiffness. Configurations that fail (E or ρ of 1e308, a
 * time step of 1e-300, κ of 1e308, coordinates scaled by 1e100) are refused here instead of refusing every solve.
 *
 * @param model                  the VBD model
 * @param pinned                 #V, 1 for pinned vertices (not solved)
 * @param attachmentStiffness    #V attachment spring stiffness k_i [N/m]
 * @param inverseTimeStepSquared 1/h² [1/s²] (0 in quasistatic mode)
 * @returns null when every free vertex's scale is inside the limits, else a sentence with the extreme scale and its
 *          largest contribution (inertia, attachment, elasticity)
 */
export function vertexHessianScaleProblem(
  model: VbdModel,
  pinned: Uint8Array,
  attachmentStiffness: Float64Array,
  inverseTimeStepSquared: number,
): string | null {
  const elastic = elasticScaleOf(model);
  for (let v = 0; v < model.vertexCount; v++) {
    if (pinned[v]) continue;
    const inertia = model.masses[v] * inverseTimeStepSquared;
    const scale = inertia + attachmentStiffness[v] + elastic[v];
    if (scale >= HESSIAN_SCALE_LIMITS.min && scale <= HESSIAN_SCALE_LIMITS.max) continue;
    const parts = { 'inertia m/h²': inertia, 'attachment stiffness': attachmentStiffness[v], 'elastic stiffness': elastic[v] };
    const [largest] = Object.entries(parts).sort((a, b) => (b[1] > a[1] || Number.isNaN(b[1]) ? 1 : -1))[0];
    const size = Number.isFinite(scale) && scale > 0 && scale < HESSIAN_SCALE_LIMITS.min ? 'small' : 'large';
    return (
      `vertex ${v}'s stiffness is ${scale.toExponential(1)} N/m (${largest} ${parts[largest as keyof typeof parts].toExponential(1)}), too ${size} for the solver ` +
      `(${HESSIAN_SCALE_LIMITS.min.toExponential(0)}…${HESSIAN_SCALE_LIMITS.max.toExponential(0)}): check the time step, Young's modulus, density, attachment stiffness and the units of the coordinates`
    );
  }
  return null;
}

/** Per-vertex sum of the elastic stiffness of its elements [N/m], computed once per model. */
function elasticScaleOf(model: VbdModel): Float64Array {
  let scales = elasticScales.get(model);
  if (scales) return scales;
  scales = new Float64Array(model.vertexCount);
  const frobenius2 = (m: Float64Array, offset: number, count: number) => {
    let sum = 0;
    for (let k = 0; k < count; k++) sum += m[offset + k] * m[offset + k];
    return sum;
  };
  for (let t = 0; t < model.tetCount; t++) {
    const k = (model.tetMu[t] + model.tetLambda[t]) * model.tetRestVolumes[t] * frobenius2(model.tetRestShapeInverse, 9 * t, 9);
    for (let c = 0; c < 4; c++) scales[model.tetVertices[4 * t + c]] += k;
  }
  for (let t = 0; t < model.triangleCount; t++) {
    const k = (model.triangleMu[t] + model.triangleLambda[t]) * model.triangleRestAreas[t] * frobenius2(model.triangleRestShapeInverse, 4 * t, 4);
    for (let c = 0; c < 3; c++) scales[model.triangleVertices[3 * t + c]] += k;
  }
  for (let s = 0; s < model.springCount; s++) for (let c = 0; c < 2; c++) scales[model.springVertices[2 * s + c]] += model.springStiffness[s];
  for (let h = 0; h < model.hingeCount; h++) for (let c = 0; c < 4; c++) scales[model.hingeVertices[4 * h + c]] += model.hingeStiffness[h];
  elasticScales.set(model, scales);
  return scales;
}
