import type { LatticeEmbedding, LatticeSplineWeights } from '../../embedding/index.ts';
import type { FloatArray, VbdControls, VbdModel, VbdState, VbdStepDiagnostics } from './types.ts';

/**
 * A VBD step bound to one model, the one seam between the engine and where the step runs: the CPU `step`
 * (createCpuVbdStepper) or its WebGPU twin (kernels/vbd createGpuVbdStepper). The bake and the simulation session
 * take one by injection (VbdStepBackend), so app/ never imports kernels/.
 *
 * The state lives with the stepper (on the GPU, in storage buffers) between `step` calls, so that a frame of several
 * calls needs no readback: `setState` loads it, `step` advances it with exactly the semantics of
 * `step(model, state, state, controls, dt)` (app/solvers/vbd/step.ts), and `readState` copies it out once per frame
 * and returns the diagnostics of the calls since the last read.
 */
export interface VbdStepper {
  readonly model: VbdModel;
  /** Replaces the held state with a copy of `state` (drops diagnostics not yet read). */
  setState(state: VbdState): void;
  /**
   * Advances the held state by dt, as step() does. The GPU records and submits its work and returns at once; errors
   * of bad input throw here, as on the CPU. Controls the GPU cannot honour (contact, line search, early stopping on
   * a residual tolerance) throw a plain Error saying so.
   */
  step(controls: VbdControls, dt: number): void;
  /**
   * Copies the held state into `out` (any precision) and returns the diagnostics of the step calls since the last
   * read or setState, summed (substeps, iterations, skipped solves) and concatenated (residuals, force norms).
   * @throws VbdBackendError when the device was lost or ran out of memory since the last read (the held state is then
   *         unusable; withCpuFallback replays from the last read state on the CPU)
   */
  readState(out: VbdState): Promise<VbdStepDiagnostics>;
  /**
   * CPU steppers only: the held positions as they are now, between two step calls (a live view, not a copy, valid
   * until the next call). What needs the state inside a frame (contact's per-substep surface, app/contact) reads it
   * here; a GPU stepper has no such view (its state is read once per frame): the bake steps it one substep a call with
   * contact and reads the state between calls (app/bake/volumeSimulation).
   */
  livePositions?(): FloatArray;
  /** Frees the stepper's buffers. */
  destroy(): void;
}

/** How a stepper will be used (VbdStepBackend.createStepper). */
export interface VbdStepperOptions {
  /** its steps will be given controls.contact (an OgcContact: app/contact) */
  contact?: boolean;
}

/** The adapter a WebGPU backend runs on, as WebGPU reports it (empty strings where the browser hides them). */
export interface VbdAdapterDescription {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
}

/** Where VBD steps run: makes steppers for models. */
export interface VbdStepBackend {
  readonly kind: 'cpu' | 'webgpu';
  /**
   * One line for reports and status bars: 'WebGPU: SwiftShader driver 5.0.0 (google swiftshader), software fallback
   * adapter' or 'CPU: <why the CPU>'.
   */
  readonly description: string;
  /** the adapter (WebGPU only) */
  readonly adapter?: VbdAdapterDescription;
  /**
   * @param options  contact: its steps will be given controls.contact (the WebGPU step compiles the contact gather
   *                 and runs OGC's detection, kernels/contact; await prepareContact first)
   * @throws VbdBackendError when the device cannot hold the model (too large for its limits, out of memory)
   */
  createStepper(model: VbdModel, options?: VbdStepperOptions): VbdStepper;
  /** Makes ready what a stepper with contact needs (WebGPU: compiles OGC's detection kernels, once); CPU: absent. */
  prepareContact?(): Promise<void>;
  /**
   * The detail transfer of one embedding on the backend's device (WebGPU backends; the CPU runs detailTransfer
   * itself). Rejects with VbdBackendError when the device cannot hold it.
   */
  createDetailTransfer?(embedding: LatticeEmbedding, spline: LatticeSplineWeights): Promise<DetailTransferRunner>;
  /** Releases the device (WebGPU); steppers made by it are unusable afterwards. */
  dispose(): void;
}

/** detailTransfer (app/embedding, seed 004 Eq. 4.10 with the spline) of one embedding, run where a backend's device is. */
export interface DetailTransferRunner {
  /**
   * detailTransfer(embedding, fitted, simulated, input, out, quaternions, spline), the same arguments and results
   * up to the device's precision (f32 on WebGPU).
   * @throws VbdBackendError when the device is lost; out and quaternions are then untouched
   */
  run(
    fitted: ArrayLike<number>,
    simulated: ArrayLike<number>,
    input: ArrayLike<number>,
    out: Float32Array | Float64Array,
    quaternions: Float64Array,
  ): Promise<void>;
  /** Frees the device's buffers. */
  destroy(): void;
}

/**
 * The backend failed, not the input: the device was lost, ran out of memory, cannot hold the model, or reported an
 * internal error. The work since the last readState is lost; the state read then is intact.
 */
export class VbdBackendError extends Error {
  /**
   * @param reason   'device-lost', 'out-of-memory', 'limits' (the model exceeds the device's limits) or 'internal'
   * @param message  what happened, for a warning
   */
  constructor(
    readonly reason: 'device-lost' | 'out-of-memory' | 'limits' | 'internal',
    message: string,
  ) {
    super(message);
    this.name = 'VbdBackendError';
  }
}
