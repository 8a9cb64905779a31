/**
 * The WebGPU twin of app/solvers/vbd/step.ts: a VbdStepper whose state lives in f32 storage buffers and whose
 * every step call is one command buffer (one compute pass; with contact, one between each detection) of WGSL
 * dispatches, with exactly the step semantics of the CPU: substeps from targetsStart to targets, forwardStep (Eq. 3.14 initialization), per iteration one solveColor
 * dispatch per color, Chebyshev acceleration (Eqs. 3.15-3.16 with the CPU's restart rule), the relative residual of
 * Eq. 5.28 when asked, and the velocity update. Nothing is read back inside a frame: residual sums and the skipped
 * solve count stay on the GPU until readState.
 *
 * Usage:
 *   const stepper = await createGpuVbdStepper(device, model);   // buffers, bind groups, compiled kernels
 *   stepper.setState(state);
 *   stepper.step(controls, dt);                                 // as step(model, state, state, controls, dt)
 *   const diagnostics = await stepper.readState(state);         // once per frame
 *
 * Host-side work per call mirrors step.ts's prepareVertexTerms: external accelerations, pins and the attachment
 * stiffness k_i = blendStiffness(m_i, w_i, κ) (app/solvers/vbd/blendStiffness.ts, the CPU's own function) are
 * computed on the host (stepper/prepareVertexTerms.ts) and uploaded as per-vertex arrays with the interpolation
 * endpoints of the targets (the per-call sections of vertexData) and, when the call gives one, its rest shapes
 * (controls.tetRestShapeInverse, rounded to f32) into the stepper's tetRestShapeInverse buffer, never into the model's
 * buffers.
 *
 * The tets' rest shape: with controls.animatedRest the restShapeInverses kernel rebuilds the tetRestShapeInverse
 * buffer from each substep's targets right after forwardStep, inside the frame's one compute pass (a frame of N
 * substeps is one step call, one submit, no readback); the clamped tets count in counters[1]. With neither control
 * the buffer is (copied back, in the command encoder, from) the model's D_rest⁻¹ data section.
 *
 * DESIGN NOTES
 * - Precision: positions, velocities and every element parameter are f32; the CPU twin uses f64. Per kernel the
 *   results agree to f32 rounding (test/kernels/vbd states the tolerances); over many iterations the two solvers
 *   drift apart like any two f32/f64 runs of a contractive iteration, bounded by the attachment to the animation.
 * - Contact (controls.contact made by ogcContact, a stepper created with contact: true): OGC's Algorithm 4 (seed 000)
 *   in the call's command buffer. Per substep the positions x^t go to the detection (kernels/contact
 *   GpuOgcDetection), and after forwardStep a detection at x^t (its gate always open), the detection state
 *   (detectionStateAtStart), the truncation of the guess (Eq. 5.27) and markInContact; per iteration, after the colors
 *   (solveColor writes positionsNew, commitColor copies it: Jacobi within a color, as the CPU with contact) and
 *   Chebyshev, the truncation, then a re-detection at x that the gate opens only when that iteration truncated more
 *   than γ_e of the free vertices (counters[2] against a per-call threshold: ogcContact's endIteration), with
 *   detectionStateNow (where the gate opened: the contact binding's CONTACT_GATE_OPEN) and markInContact. Every
 *   dispatch of a detection is sized by its gate (indirectly, or directly with kernels that read the gated size:
 *   GpuOgcDetectionOptions.gatedDispatch), so nothing is read back inside a frame. readState reads the detections'
 *   counts with the state, adds them to the OgcContact's stats, and runs the calls since the last read again from the
 *   state they started from when a detection outgrew a buffer (the detection grew it: docs/contact.md). The
 *   OgcContact's frame inputs and the calls' control arrays must stay as they were until that readState (the bake
 *   reads after each call).
 * - It takes the VbdControls' solver settings and call inputs as whole groups (VBD_CONTROL_GROUPS) and refuses the
 *   hooks group (beforeSubstep, a host callback on the state between substeps: the bake steps a device one substep a
 *   call instead, app/bake/volumeSimulation). Within the groups it refuses by name, so nothing runs silently without
 *   them: a contact not made by ogcContact, the local line search (CPU-only, off by default) and early stopping on
 *   residualTolerance (it would need a readback per iteration).
 * - Dynamic uniform slots carry what changes between dispatches of one pass: the color (written once) and the
 *   substep's α, Chebyshev activity and residual slot (written once per call).
 * - Failures of the device (loss, out of memory, internal validation errors) surface as VbdBackendError from
 *   step (loss already known) or readState; withCpuFallback (app/) then replays the frame on the CPU.
 * - Shape: a data struct plus one file per step (issue 36), as Newton keeps a state struct and named kernels. The
 *   struct, GpuVbdStepperData (stepper/types.ts), holds every buffer, bind group and size; each step of the method is
 *   a function over it in kernels/vbd/stepper/ (stepper/README.md maps them), and this class only maps each
 *   VbdStepper method, and each per-kernel test hook, to its step. The split changed no number: the GPU bakes of the
 *   sample (Bounce 20:25, and 0:4 with self-contact) and of Fox (Walk 0:5) are byte-identical to the closure's.
 */
import type { VbdContactData, VbdControls, VbdModel, VbdState, VbdStepDiagnostics } from '../../app/solvers/vbd/index.ts';
import { VbdBackendError, type VbdStepper } from '../../app/solvers/vbd/index.ts';
import { GpuOgcDetection } from '../contact/gpuOgcDetection.ts';
import type { ContactTruncation } from './packVbdContact.ts';
import { encodeRestShape } from './stepper/encodeRestShape.ts';
import { encodeStateBackup } from './stepper/encodeStateBackup.ts';
import { encodeStepCall } from './stepper/encodeStepCall.ts';
import { gpuStepSettings } from './stepper/gpuStepSettings.ts';
import { gpuVbdStepperData } from './stepper/gpuVbdStepperData.ts';
import { prepareContactCall } from './stepper/prepareContactCall.ts';
import { prepareVertexTerms } from './stepper/prepareVertexTerms.ts';
import { readBuffers, type StepperBuffers } from './stepper/readBuffers.ts';
import { readStepperState } from './stepper/readStepperState.ts';
import { runKernel } from './stepper/runKernel.ts';
import { bindContact } from './stepper/stepperBindGroups.ts';
import { assertUsable, collectErrors } from './stepper/stepperErrors.ts';
import { INITIALIZATION_CODES, type GpuVbdStepperData, type GpuVbdStepperOptions, type KernelPass, type VertexSection } from './stepper/types.ts';
import { UPLOAD_START } from './stepper/vertexDataLayout.ts';
import { writeArray } from './stepper/writeArray.ts';
import { writeCallParams } from './stepper/writeCallParams.ts';
import { writeContact } from './stepper/writeContact.ts';
import { writeSection } from './stepper/writeSection.ts';
import { writeStepperState } from './stepper/writeStepperState.ts';
import { VbdKernels, type VbdEntryPoint } from './vbdKernels.ts';

export type { GpuVbdStepperOptions, KernelPass, VertexSection } from './stepper/types.ts';
export { RESIDUAL_CAPACITY, VERTEX_SECTIONS } from './stepper/vertexDataLayout.ts';

/**
 * Creates a GPU stepper for a model on a device (compiling the kernels on first use).
 *
 * @param device   the WebGPU device (its limits must pass vbdDeviceProblem)
 * @param model    the VBD model (createVbdModel)
 * @param options  block width, debug outputs
 * @returns the stepper, once its buffers exist on the device
 * @throws VbdBackendError ('limits' or 'out-of-memory') when the device cannot hold the model
 */
export async function createGpuVbdStepper(device: GPUDevice, model: VbdModel, options: GpuVbdStepperOptions = {}): Promise<GpuVbdStepper> {
  const kernels = await VbdKernels.create(device, options.threadsPerVertex ?? 16);
  if (options.debugOutputs) await kernels.debugPipeline();
  // With contact the step builds OGC's detection from its first call's contact (inside the synchronous step).
  if (options.contact) await GpuOgcDetection.compile(device);
  const stepper = new GpuVbdStepper(kernels, model, options);
  await stepper.ready();
  return stepper;
}

/** The WebGPU VbdStepper: each method is one step of kernels/vbd/stepper over the stepper's GpuVbdStepperData. */
export class GpuVbdStepper implements VbdStepper {
  readonly model: VbdModel;
  readonly kernels: VbdKernels;
  readonly device: GPUDevice;
  readonly vertexCount: number;
  /** lanes per vertex of the block kernels (solveColor, elasticForces, meanForceResidual) */
  readonly threadsPerVertex: number;
  /** every buffer, bind group and size, and the work since the last read */
  private readonly data: GpuVbdStepperData;

  /** Prefer createGpuVbdStepper; after this constructor, await ready() before relying on the buffers. */
  constructor(kernels: VbdKernels, model: VbdModel, options: GpuVbdStepperOptions = {}) {
    this.data = gpuVbdStepperData(kernels, model, options);
    this.kernels = kernels;
    this.device = kernels.device;
    this.model = model;
    this.vertexCount = model.vertexCount;
    this.threadsPerVertex = this.data.threadsPerVertex;
  }

  /** Resolves once the creation's buffers exist; rejects with VbdBackendError when the device could not make them. */
  async ready(): Promise<void> {
    await collectErrors(this.data);
  }

  setState(state: VbdState): void {
    writeStepperState(this.data, state);
  }

  /** One call of step.ts on the GPU: checks and uploads, then the call's substeps as one command buffer. */
  step(controls: VbdControls, dt: number): void {
    const data = this.data;
    const settings = gpuStepSettings(data, controls, dt);
    const upload = data.callUpload;
    const unpinned = prepareVertexTerms(data.model, controls, upload);
    upload.set(settings.targetsStart, 0);
    upload.set(settings.targetsEnd, 3 * data.vertexCount);
    assertUsable(data);
    const device = data.device;
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    try {
      const detection = settings.ogc ? prepareContactCall(data, settings.ogc, upload, settings.targetsEnd, settings.substeps, settings.iterations) : null;
      if (!detection) bindContact(data, data.contact);
      device.queue.writeBuffer(data.vertexData, 4 * UPLOAD_START * data.vertexCount, upload);
      const encoder = device.createCommandEncoder({ label: 'vbd step' });
      if (data.contactKernels) {
        // The state the calls since the last read start from, kept until the read (a detection over a capacity runs
        // them again).
        if (data.callsSinceRead.length === 0) encodeStateBackup(data, encoder, false);
        data.callsSinceRead.push({ controls, dt });
      }
      encodeRestShape(data, encoder, settings);
      writeCallParams(data, dt / settings.substeps, settings);
      encodeStepCall(data, encoder, settings, detection, unpinned);
      device.queue.submit([encoder.finish()]);
    } finally {
      data.checks.push(device.popErrorScope(), device.popErrorScope());
    }
    data.substepsPending += settings.substeps;
    data.iterationsPending += settings.substeps * settings.iterations;
  }

  async readState(out: VbdState): Promise<VbdStepDiagnostics> {
    const data = this.data;
    const V = data.vertexCount;
    for (const key of ['positions', 'velocities', 'previousVelocities'] as const) {
      if (out[key].length !== 3 * V) throw new Error(`readState: ${key} has ${out[key].length} numbers, expected ${3 * V} (#V×3)`);
    }
    if (data.reading) throw new Error('readState: a read of this stepper is already in flight');
    assertUsable(data);
    for (let attempt = 0; ; attempt++) {
      const calls = data.callsSinceRead;
      const { diagnostics, grown } = await readStepperState(data, out);
      if (!grown) return diagnostics;
      // A detection outgrew a buffer (its grow() made room): run the calls again from the state they started from.
      if (attempt >= 8) throw new VbdBackendError('internal', 'the contact detection kept outgrowing its buffers');
      const encoder = data.device.createCommandEncoder({ label: 'vbd restore' });
      encodeStateBackup(data, encoder, true);
      data.device.queue.submit([encoder.finish()]);
      for (const call of calls) this.step(call.controls, call.dt);
    }
  }

  destroy(): void {
    const data = this.data;
    if (data.destroyed) return;
    data.destroyed = true;
    for (const buffer of data.buffers) buffer.destroy();
    data.ogc?.detection.destroy();
  }

  // ---- per-kernel access for tests (the step above is these, in order); each is its step's file ----

  /** Writes a vertexData section (#V×3, or #V for attachmentStiffness and pinned), rounded to f32. */
  writeSection(section: VertexSection, values: ArrayLike<number>): void {
    writeSection(this.data, section, values);
  }

  /** Writes positions (#V×3) or the tets' D_m⁻¹ (#T×9) used by the next dispatches. */
  writeArray(name: 'positions' | 'tetRestShapeInverse', values: ArrayLike<number>): void {
    writeArray(this.data, name, values);
  }

  /** Writes the contact data the kernels gather from (packVbdContact; null: none), with truncateToBounds' bounds. */
  writeContact(data: VbdContactData | null, truncation?: ContactTruncation): void {
    writeContact(this.data, data, truncation);
  }

  /** Writes the call parameters the kernels read: substep length h [s], quasistatic, initialization, Chebyshev ρ, stretch limits. */
  setCall(
    timeStep: number,
    quasistatic = false,
    initialization: keyof typeof INITIALIZATION_CODES = 'adaptive',
    chebyshevRho = 0,
    dampRelative = false,
    equilibrium = false,
    animatedRest?: VbdControls['animatedRest'],
  ): void {
    writeCallParams(this.data, timeStep, {
      quasistatic,
      initialization: INITIALIZATION_CODES[initialization],
      rho: chebyshevRho,
      dampRelative,
      equilibrium,
      animatedRest,
    });
  }

  /** Runs one kernel alone in its own command buffer (tests compare it with its CPU twin). */
  runKernel(entryPoint: VbdEntryPoint, values: KernelPass = {}): void {
    runKernel(this.data, entryPoint, values);
  }

  /** Reads every buffer the kernels write (waits for the GPU): positions, vertexData sections, rest shapes, reductions, counters. */
  async readBuffers(): Promise<StepperBuffers> {
    return readBuffers(this.data);
  }
}
