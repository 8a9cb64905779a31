/**
 * The inputs of one VBD substep for the kernel tests (vbdTestKit.ts re-exports them): made up and f32-rounded, then
 * written into a CPU workspace (the CPU twin) and into a GPU stepper, so both compute from the same numbers.
 */
import { createVbdWorkspace, type VbdCallParameters, type VbdContactData, type VbdModel, type VbdWorkspace } from '../../../app/solvers/vbd/index.ts';
import type { GpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { random } from '../../app/solvers/vbd/helpers.ts';
import { animatedRestShape, f32, perturbed } from './vbdTestModels.ts';

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
export function substepInputs(
  model: VbdModel,
  seed: number,
  options: { amplitude?: number; timeStep?: number; quasistatic?: boolean; pinEvery?: number } = {},
): SubstepInputs {
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

/**
 * The CPU twin's side of a GPU comparison at `inputs`: a fresh workspace (cpuWorkspace), the call parameters
 * (cpuCallParameters; with `contact`, at the f32 time step the GPU's contact kernels use) and the D_m⁻¹ of the substep
 * (restShapeOf).
 */
export function cpuTwin(
  model: VbdModel,
  inputs: SubstepInputs,
  contact: VbdContactData | null = null,
): { ws: VbdWorkspace; callParameters: VbdCallParameters; restShape: Float64Array } {
  const callParameters = cpuCallParameters(inputs);
  return {
    ws: cpuWorkspace(model, inputs),
    callParameters: contact ? { ...callParameters, contact, timeStep: Math.fround(inputs.timeStep) } : callParameters,
    restShape: restShapeOf(model, inputs),
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
