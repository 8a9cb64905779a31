/**
 * Per-vertex magnitudes Σ|term| for the VBD kernel tests (vbdTestKit.ts re-exports them): they bound the f32 rounding
 * error of a sum (the tolerance scale), and the comparisons of the GPU's force and Hessian with the CPU twin's.
 */
import {
  evaluateDihedralBendingForceHessian,
  evaluateNeoHookeanForceHessian,
  evaluateSpringForceHessian,
  evaluateStvkTriangleForceHessian,
  vertexForceHessian,
  type VbdCallParameters,
  type VbdModel,
  type VbdWorkspace,
} from '../../../app/solvers/vbd/index.ts';
import { restShapeOf, type SubstepInputs } from './vbdSubstepInputs.ts';

/** The per-vertex sums of a magnitude scale (#V×3 force, #V×9 Hessian, zero) and one term's f and H scratch. */
export function magnitudeArrays(V: number): { force: Float64Array; hessian: Float64Array; f: Float64Array; H: Float64Array } {
  return { force: new Float64Array(3 * V), hessian: new Float64Array(9 * V), f: new Float64Array(3), H: new Float64Array(9) };
}

/**
 * Per vertex, Σ over the terms of vertexForceHessian of |f_term| (#V×3) and |H_term| (#V×9), from the CPU element
 * functions one at a time: a sum of n f32 terms errs by at most about n·ε·Σ|term|, so this is the scale the GPU's
 * f32 result is compared at.
 */
export function vertexMagnitudes(
  model: VbdModel,
  ws: VbdWorkspace,
  callParameters: VbdCallParameters,
  positions: Float64Array,
  restShapeInverse: Float64Array = model.tetRestShapeInverse,
): { force: Float64Array; hessian: Float64Array } {
  const V = model.vertexCount;
  const { force, hessian, f, H } = magnitudeArrays(V);
  const add = (v: number) => {
    for (let k = 0; k < 3; k++) force[3 * v + k] += Math.abs(f[k]);
    for (let k = 0; k < 9; k++) hessian[9 * v + k] += Math.abs(H[k]);
    f.fill(0);
    H.fill(0);
  };
  const lists = [
    [
      model.vertexTetOffsets,
      model.vertexTets,
      (e: number, l: number) =>
        evaluateNeoHookeanForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H, restShapeInverse),
    ],
    [
      model.vertexTriangleOffsets,
      model.vertexTriangles,
      (e: number, l: number) => evaluateStvkTriangleForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H),
    ],
    [
      model.vertexHingeOffsets,
      model.vertexHinges,
      (e: number, l: number) => evaluateDihedralBendingForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H),
    ],
    [
      model.vertexSpringOffsets,
      model.vertexSprings,
      (e: number, l: number) => evaluateSpringForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H),
    ],
  ] as const;
  for (let v = 0; v < V; v++) {
    for (const [offsets, entries, evaluate] of lists) {
      for (let e = offsets[v]; e < offsets[v + 1]; e++) {
        evaluate(entries[e] >>> 2, entries[e] & 3);
        add(v);
      }
    }
    const m = model.masses[v];
    const k = callParameters.quasistatic ? 0 : m * callParameters.inverseTimeStepSquared;
    const a = ws.attachmentStiffness[v];
    for (let c = 0; c < 3; c++) {
      const x = positions[3 * v + c];
      force[3 * v + c] +=
        Math.abs(k * (x - ws.inertiaTarget[3 * v + c])) +
        Math.abs(a * (x - ws.targets[3 * v + c])) +
        (callParameters.quasistatic ? Math.abs(m * ws.accelerations[3 * v + c]) : 0);
      hessian[9 * v + 4 * c] += k + a;
    }
  }
  return { force, hessian };
}

/** Largest |a − b| / (scale + floor) over all entries, and where. */
export function worstRelative(a: ArrayLike<number>, b: ArrayLike<number>, scale: ArrayLike<number>, floor: number): { error: number; at: number } {
  let worst = { error: 0, at: -1 };
  for (let k = 0; k < a.length; k++) {
    const error = Number.isFinite(a[k]) && Number.isFinite(b[k]) ? Math.abs(a[k] - b[k]) / (scale[k] + floor) : Infinity;
    if (error > worst.error) worst = { error, at: k };
  }
  return worst;
}

/** Largest |a − b| over all entries. */
export function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < a.length; k++) m = Math.max(m, Number.isFinite(a[k]) && Number.isFinite(b[k]) ? Math.abs(a[k] - b[k]) : Infinity);
  return m;
}

/**
 * The vertexForceHessian debug kernel's output read back (reductions from readBuffers) and compared with the CPU's
 * vertexForceHessian on the same inputs: every vertex's gathered count must be `expectedCount(v)` exactly, and the
 * worst entry error relative to the given per-entry scales (#V×3, #V×9) is returned with where it is.
 */
export function compareVertexForceHessians(
  model: VbdModel,
  ws: VbdWorkspace,
  callParameters: VbdCallParameters,
  inputs: SubstepInputs,
  reductions: Float32Array,
  debugStart: number,
  expectedCount: (v: number) => number,
  scale: (cpu: { force: Float64Array; hessian: Float64Array }) => { force: ArrayLike<number>; hessian: ArrayLike<number> },
): { force: { error: number; where: string }; hessian: { error: number; where: string }; countErrors: string[] } {
  const V = model.vertexCount;
  const cpuForce = new Float64Array(3 * V);
  const cpuHessian = new Float64Array(9 * V);
  const gpuForce = new Float64Array(3 * V);
  const gpuHessian = new Float64Array(9 * V);
  const countErrors: string[] = [];
  for (let v = 0; v < V; v++) {
    vertexForceHessian(model, ws, callParameters, v, inputs.positions, restShapeOf(model, inputs));
    cpuForce.set(ws.force, 3 * v);
    cpuHessian.set(ws.hessian, 9 * v);
    const o = debugStart + 13 * v;
    gpuForce.set(reductions.subarray(o, o + 3), 3 * v);
    gpuHessian.set(reductions.subarray(o + 3, o + 12), 9 * v);
    if (reductions[o + 12] !== expectedCount(v)) countErrors.push(`vertex ${v} gathered ${reductions[o + 12]}, expected ${expectedCount(v)}`);
  }
  const scales = scale({ force: cpuForce, hessian: cpuHessian });
  const forceError = worstRelative(gpuForce, cpuForce, scales.force, 1e-12);
  const hessianError = worstRelative(gpuHessian, cpuHessian, scales.hessian, 1e-12);
  const where = (k: number, stride: number) =>
    `vertex ${Math.floor(k / stride)} entry ${k % stride} (gpu ${stride === 3 ? gpuForce[k] : gpuHessian[k]}, cpu ${stride === 3 ? cpuForce[k] : cpuHessian[k]})`;
  return {
    force: { error: forceError.error, where: where(forceError.at, 3) },
    hessian: { error: hessianError.error, where: where(hessianError.at, 9) },
    countErrors,
  };
}

/** How many elements (tets, triangles, hinges, springs) vertex v gathers. */
export function elementCount(model: VbdModel, v: number): number {
  return (
    model.vertexTetOffsets[v + 1] -
    model.vertexTetOffsets[v] +
    model.vertexTriangleOffsets[v + 1] -
    model.vertexTriangleOffsets[v] +
    model.vertexHingeOffsets[v + 1] -
    model.vertexHingeOffsets[v] +
    model.vertexSpringOffsets[v + 1] -
    model.vertexSpringOffsets[v]
  );
}
