/**
 * Shared set-up of the VBD kernel tests: small models of every element kind, inputs rounded to f32 so that the CPU
 * twin and the GPU read the same numbers, the same inputs written into a CPU workspace and into a GPU stepper, and
 * per-vertex magnitudes Σ|term| that bound the f32 rounding error of a sum (the tolerance scale).
 */
import {
  boxTetrahedra,
  createVbdModel,
  createVbdWorkspace,
  evaluateDihedralBendingForceHessian,
  evaluateNeoHookeanForceHessian,
  evaluateSpringForceHessian,
  evaluateStvkTriangleForceHessian,
  type VbdCallParameters,
  type VbdModel,
  type VbdWorkspace,
} from '../../../app/solvers/vbd/index.ts';
import { mat3Inverse } from '../../../app/math/mat3/index.ts';
import type { GpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { random } from '../../app/solvers/vbd/helpers.ts';

export { random };

/** x rounded to f32 and back: the value the GPU holds. */
export const f32 = (values: ArrayLike<number>): Float64Array => Float64Array.from(Float32Array.from(values));

/**
 * Every element kind in one model: a 3×2×2 tet lattice (damped, stiff rubber), a 4×4 cloth sheet above it with
 * dihedral hinges (damped), and springs tying the sheet to the block; vertex counts large enough for several colors
 * and small enough for SwiftShader. `isolatedVertex` adds a vertex no element holds (massless: its H_i is 0, so its
 * solve is refused, the skipped-solve path).
 */
export function mixedModel(damping = 0.002, isolatedVertex = false): VbdModel {
  const lattice = boxTetrahedra([3, 2, 2], [0.3, 0.2, 0.2]);
  const tetVertexCount = lattice.positions.length / 3;
  const sheet: number[] = [];
  const n = 4;
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) sheet.push((0.3 * i) / n, 0.3, (0.2 * j) / n);
  const index = (i: number, j: number) => tetVertexCount + j * (n + 1) + i;
  const triangles: number[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i, j + 1), index(i + 1, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1));
  const springs = [index(0, 0), tetVertexCount - 1, index(n, n), tetVertexCount - 4, index(2, 2), tetVertexCount - 6];
  return createVbdModel({
    restPositions: [...lattice.positions, ...sheet, ...(isolatedVertex ? [0.5, 0.5, 0.5] : [])],
    tetrahedra: { vertices: lattice.tetrahedra, materials: { youngsModulus: 2e5, poissonRatio: 0.4, density: 1000, damping } },
    triangles: { vertices: triangles, materials: { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping, thickness: 0.002 } },
    springs: { vertices: springs, materials: { youngsModulus: 1e7, poissonRatio: 0.3, density: 1000, damping, crossSectionArea: 1e-5 } },
  });
}

/** A box lattice of tets, `cells` per side, the size of a small character part. */
export function tetLattice(cells: [number, number, number], size: [number, number, number] = [0.4, 0.3, 0.3], damping = 0.002): VbdModel {
  const { positions, tetrahedra } = boxTetrahedra(cells, size);
  return createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.4, density: 1000, damping } } });
}

/** A square cloth sheet of n×n cells in the xz plane at height 0 (StVK membrane + dihedral bending). */
export function clothSheet(n: number, size = 0.5, damping = 0.001): VbdModel {
  const positions: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) positions.push((size * i) / n, 0, (size * j) / n);
  const index = (i: number, j: number) => j * (n + 1) + i;
  const triangles: number[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i, j + 1), index(i + 1, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1));
  return createVbdModel({
    restPositions: positions,
    triangles: { vertices: triangles, materials: { youngsModulus: 5e5, poissonRatio: 0.3, density: 300, damping, thickness: 0.001, bendingStiffness: 1e-4 } },
  });
}

/** The model with every double rounded to f32, so the CPU twin computes from the numbers the GPU holds. */
export function roundedModel(model: VbdModel): VbdModel {
  const out: Record<string, unknown> = { ...model };
  for (const [key, value] of Object.entries(model)) if (value instanceof Float64Array) out[key] = f32(value);
  return out as unknown as VbdModel;
}

/** rest + amplitude·(uniform noise in ±1), per coordinate, rounded to f32. */
export function perturbed(rest: ArrayLike<number>, amplitude: number, seed: number): Float64Array {
  const next = random(seed);
  return f32(Float64Array.from(rest, (x) => x + amplitude * (2 * next() - 1)));
}

/**
 * Inverse rest edge matrices D_m⁻¹ of the model's tets after deforming their rest corners by `amplitude` noise: an
 * animated rest shape unlike the model's, as the bake's restShapeInverses makes (#T×9, f32-rounded).
 */
export function animatedRestShape(model: VbdModel, amplitude: number, seed: number): Float64Array {
  const rest = perturbed(model.restPositions, amplitude, seed);
  const out = new Float64Array(9 * model.tetCount);
  const m = new Float64Array(9);
  for (let t = 0; t < model.tetCount; t++) {
    const corner = (k: number) => model.tetVertices[4 * t + k];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[3 * r + c] = rest[3 * corner(c + 1) + r] - rest[3 * corner(0) + r];
    mat3Inverse(m, out.subarray(9 * t, 9 * t + 9));
  }
  return f32(out);
}

/** Inputs of one substep, as step() would have left them in the workspace (all f32-rounded). */
export interface SubstepInputs {
  positions: Float64Array;
  positionsStart: Float64Array;
  inertiaTarget: Float64Array;
  targets: Float64Array;
  accelerations: Float64Array;
  attachmentStiffness: Float64Array;
  pinned: Uint8Array;
  restShapeInverse: Float64Array;
  timeStep: number;
  quasistatic: boolean;
}

/**
 * A deformed, moving substep state of `model`: positions off the rest shape, a start and inertia target near them,
 * targets off both, gravity plus a per-vertex push, attachment springs of mass-proportional stiffness on some
 * vertices and pins on others, and an animated rest shape for the tets.
 */
export function substepInputs(model: VbdModel, seed: number, options: { amplitude?: number; timeStep?: number; quasistatic?: boolean; pinEvery?: number } = {}): SubstepInputs {
  const amplitude = options.amplitude ?? 0.01;
  const next = random(seed + 1000);
  const V = model.vertexCount;
  const positions = perturbed(model.restPositions, amplitude, seed);
  const attachmentStiffness = new Float64Array(V);
  const pinned = new Uint8Array(V);
  const pinEvery = options.pinEvery ?? 7;
  for (let v = 0; v < V; v++) {
    if (pinEvery > 0 && v % pinEvery === 3) pinned[v] = 1;
    else if (v % 3 === 0) attachmentStiffness[v] = model.masses[v] * 1000 * (0.2 + next());
  }
  return {
    positions,
    positionsStart: perturbed(positions, amplitude / 2, seed + 1),
    inertiaTarget: perturbed(positions, amplitude / 2, seed + 2),
    targets: perturbed(positions, amplitude, seed + 3),
    accelerations: f32(Float64Array.from({ length: 3 * V }, (_, k) => (k % 3 === 1 ? -9.81 : 0) + (2 * next() - 1))),
    attachmentStiffness: f32(attachmentStiffness),
    pinned,
    restShapeInverse: model.tetCount > 0 ? animatedRestShape(model, amplitude, seed + 4) : new Float64Array(0),
    timeStep: options.timeStep ?? 1 / 120,
    quasistatic: options.quasistatic ?? false,
  };
}

/** The D_m⁻¹ a substep of `inputs` evaluates its tets with (the CPU kernels take it as an argument). */
export function restShapeOf(model: VbdModel, inputs: SubstepInputs): Float64Array {
  return inputs.restShapeInverse.length > 0 ? inputs.restShapeInverse : model.tetRestShapeInverse;
}

/** A CPU workspace holding `inputs` as step() would have prepared them (the rest shape: restShapeOf). */
export function cpuWorkspace(model: VbdModel, inputs: SubstepInputs): VbdWorkspace {
  const ws = createVbdWorkspace(model);
  ws.positionsStart.set(inputs.positionsStart);
  // The WGSL step damps from x^t (the CPU's default damping reference; dampRelativeToTargets is not ported).
  ws.dampingReference.set(inputs.positionsStart);
  ws.inertiaTarget.set(inputs.inertiaTarget);
  ws.targets.set(inputs.targets);
  ws.accelerations.set(inputs.accelerations);
  ws.attachmentStiffness.set(inputs.attachmentStiffness);
  ws.pinned.set(inputs.pinned);
  return ws;
}

/** The per-call parameters of `inputs` as the GPU's CallParams uniform holds them (1/h and 1/h² rounded to f32). */
export function cpuCallParameters(inputs: SubstepInputs): VbdCallParameters {
  const h = inputs.timeStep;
  return {
    timeStep: h,
    inverseTimeStep: inputs.quasistatic ? 0 : Math.fround(1 / h),
    inverseTimeStepSquared: inputs.quasistatic ? 0 : Math.fround(1 / (h * h)),
    quasistatic: inputs.quasistatic,
    equilibrium: false,
    lineSearch: false,
    contact: null,
  };
}

/** Writes `inputs` into a GPU stepper's buffers (the same sections the step's kernels read). */
export function uploadInputs(stepper: GpuVbdStepper, inputs: SubstepInputs): void {
  stepper.writeArray('positions', inputs.positions);
  stepper.writeSection('positionsStart', inputs.positionsStart);
  stepper.writeSection('dampingReference', inputs.positionsStart);
  // No max-distance limit (negative) unless a test sets one.
  stepper.writeSection('maxDistance', new Float64Array(inputs.pinned.length).fill(-1));
  stepper.writeSection('inertiaTarget', inputs.inertiaTarget);
  stepper.writeSection('targets', inputs.targets);
  stepper.writeSection('accelerations', inputs.accelerations);
  stepper.writeSection('attachmentStiffness', inputs.attachmentStiffness);
  stepper.writeSection('pinned', inputs.pinned);
  if (inputs.restShapeInverse.length > 0) stepper.writeArray('tetRestShapeInverse', inputs.restShapeInverse);
  stepper.setCall(inputs.timeStep, inputs.quasistatic);
}

/**
 * Per vertex, Σ over the terms of vertexForceHessian of |f_term| (#V×3) and |H_term| (#V×9), from the CPU element
 * functions one at a time: a sum of n f32 terms errs by at most about n·ε·Σ|term|, so this is the scale the GPU's
 * f32 result is compared at.
 */
export function vertexMagnitudes(model: VbdModel, ws: VbdWorkspace, callParameters: VbdCallParameters, positions: Float64Array, restShapeInverse: Float64Array = model.tetRestShapeInverse): { force: Float64Array; hessian: Float64Array } {
  const V = model.vertexCount;
  const force = new Float64Array(3 * V);
  const hessian = new Float64Array(9 * V);
  const f = new Float64Array(3);
  const H = new Float64Array(9);
  const add = (v: number) => {
    for (let k = 0; k < 3; k++) force[3 * v + k] += Math.abs(f[k]);
    for (let k = 0; k < 9; k++) hessian[9 * v + k] += Math.abs(H[k]);
    f.fill(0);
    H.fill(0);
  };
  const lists = [
    [model.vertexTetOffsets, model.vertexTets, (e: number, l: number) => evaluateNeoHookeanForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H, restShapeInverse)],
    [model.vertexTriangleOffsets, model.vertexTriangles, (e: number, l: number) => evaluateStvkTriangleForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H)],
    [model.vertexHingeOffsets, model.vertexHinges, (e: number, l: number) => evaluateDihedralBendingForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H)],
    [model.vertexSpringOffsets, model.vertexSprings, (e: number, l: number) => evaluateSpringForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H)],
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
      force[3 * v + c] += Math.abs(k * (x - ws.inertiaTarget[3 * v + c])) + Math.abs(a * (x - ws.targets[3 * v + c])) + (callParameters.quasistatic ? Math.abs(m * ws.accelerations[3 * v + c]) : 0);
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
