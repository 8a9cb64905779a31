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
 * computed here and uploaded as per-vertex arrays with the interpolation endpoints of the targets (the per-call
 * sections of vertexData) and, when the call gives one, its rest shapes (controls.tetRestShapeInverse, rounded to f32)
 * into the stepper's tetRestShapeInverse buffer, never into the model's buffers.
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
 * - Not ported (they throw a plain Error naming the control, so nothing runs silently without them): a contact not
 *   made by ogcContact, beforeSubstep (a host callback on the state between substeps: the bake steps a device one
 *   substep a call instead, app/bake/volumeSimulation), the local line search (CPU-only, off by default) and early
 *   stopping on residualTolerance (it would need a readback per iteration).
 * - Dynamic uniform slots carry what changes between dispatches of one pass: the color (written once) and the
 *   substep's α, Chebyshev activity and residual slot (written once per call).
 * - Failures of the device (loss, out of memory, internal validation errors) surface as VbdBackendError from
 *   step (loss already known) or readState; withCpuFallback (app/) then replays the frame on the CPU.
 */
import { ogcContactOf, type OgcContact } from '../../app/contact/index.ts';
import { blendStiffness } from '../../app/solvers/vbd/blendStiffness.ts';
import type { VbdContactData, VbdControls, VbdModel, VbdResidualMode, VbdState, VbdStepDiagnostics } from '../../app/solvers/vbd/index.ts';
import { checkVbdControls } from '../../app/solvers/vbd/index.ts';
import { VbdBackendError, type VbdStepper } from '../../app/solvers/vbd/vbdStepBackend.ts';
import { detectionStats, GATE_MODE, GpuOgcDetection } from '../contact/gpuOgcDetection.ts';
import { foldWorkgroups } from '../gpu/foldWorkgroups.ts';
import { packVbdContact, type ContactTruncation } from './packVbdContact.ts';
import { MODEL_LAYOUT_FIELDS, packVbdModel, type ModelLayoutField } from './packVbdModel.ts';
import { ALL_ELEMENT_KINDS, elementKindMask, UNIFORM_SLOT_BYTES, VBD_WORKGROUP_SIZE, VbdKernels, type VbdEntryPoint } from './vbdKernels.ts';

/** Residual sums a stepper holds between two readState calls. */
export const RESIDUAL_CAPACITY = 4096;

/** The #V×3 sections of the vertexData buffer, in order (vbdBindings.wgsl). */
export const VERTEX_SECTIONS = [
  'velocities',
  'previousVelocities',
  'positionsStart',
  'inertiaTarget',
  'targets',
  'chebyshevPrevious',
  'chebyshevPrevious2',
  'dampingReference',
  'equilibriumForce',
  'targetsStart',
  'targetsEnd',
  'accelerations',
] as const;

/** A vertexData section: one of VERTEX_SECTIONS (#V×3) or one of the #V scalars. */
export type VertexSection = (typeof VERTEX_SECTIONS)[number] | 'attachmentStiffness' | 'pinned' | 'attachmentDamping' | 'maxDistance' | 'inContact' | 'positionsAtDetection' | 'targetsAtDetection';

/** Where contact's sections of vertexData start, past the scalars (vbdBindings.wgsl), in units of #V. */
const CONTACT_SECTIONS = { truncationMoved: 40, positionsNew: 41, inContact: 44, positionsAtDetection: 45, targetsAtDetection: 48 } as const;

/** Bytes of CallParams (vbdBindings.wgsl): h, 1/h, 1/h², four mode words, ρ, the two stretch limits, padding. */
const CALL_PARAMS_BYTES = 48;

/** Bytes of SubstepPass (vbdBindings.wgsl): α, chebyshevActive, residualSlot, α_before, atTargets and padding. */
const SUBSTEP_PASS_BYTES = 32;

/** Where the #V scalars of vertexData start, after the #V×3 sections (vbdBindings.wgsl). */
const SCALAR_SECTIONS = { attachmentStiffness: 36, pinned: 37, attachmentDamping: 38, maxDistance: 39 } as const;
/** Floats per vertex in vertexData: 12 sections of 3, 4 scalars, then contact's (CONTACT_SECTIONS: 1 + 3 + 1 + 3 + 3). */
const VERTEX_DATA_FLOATS = 51;
/** The per-call upload starts at section targetsStart (9) and runs through the scalars; contact's sections are the kernels'. */
const UPLOAD_START = 27;
const UPLOAD_END = CONTACT_SECTIONS.truncationMoved;

const INITIALIZATION_CODES = { previous: 0, inertia: 1, inertiaAcceleration: 2, adaptive: 3, targetOffset: 4 } as const;

/**
 * The VbdControls this stepper implements (or refuses by name). A control added to the CPU step later is refused
 * until it is ported, rather than ignored: a GPU bake must never be silently different from the CPU's.
 */
const PORTED_CONTROLS = new Set<string>([
  'gravity',
  'externalAccelerations',
  'substeps',
  'iterations',
  'residualTolerance',
  'residuals',
  'initialization',
  'chebyshevRho',
  'chebyshevDelay',
  'quasistatic',
  'targets',
  'targetsStart',
  'blendWeights',
  'attachmentStiffness',
  'attachmentDamping',
  'targetDamping',
  'dampRelativeToTargets',
  'equilibriumAtTargets',
  'maxDistances',
  // Adaptive iterations need the remaining error, a readback inside the frame: the GPU runs the minimum count
  // (`iterations`) and reports no corrections (docs/kernels.md).
  'correctionTolerance',
  'maxIterations',
  'lineSearch',
  'contact',
  'tetRestShapeInverse',
  'animatedRest',
  'beforeSubstep',
] satisfies (keyof VbdControls)[]);
const DEFAULT_GRAVITY = [0, -9.81, 0];
const ZERO_COUNTERS = new Uint32Array(4);

export interface GpuVbdStepperOptions {
  /**
   * lanes per vertex (a power of two in [1, 64]; default the kernels' own width: createGpuVbdStepper compiles 16,
   * the backend passes vbdThreadsPerVertex(model) on hardware adapters and 1 on software ones)
   */
  threadsPerVertex?: number;
  /** allocate the debug section and compile vertexForceHessian (tests) */
  debugOutputs?: boolean;
  /**
   * compile the block kernels with the contact gather and the two-buffer color solve, for writeContact (default false:
   * the contact code is compiled out of the step that runs without it)
   */
  contact?: boolean;
  /** fold dispatches at this many workgroups per dimension instead of the device's limit (tests of the folding) */
  maxWorkgroupsPerDimension?: number;
  /** the contact detection's gatedDispatch (GpuOgcDetectionOptions; default 'indirect', the backend's per adapter) */
  gatedDispatch?: 'direct' | 'indirect';
  /**
   * compile the block kernels for the model's element kinds only (VbdKernels.blockPipelines; default true); false
   * runs the generic kernels (the bench measures both)
   */
  specializeElements?: boolean;
}

/** The per-dispatch values of runKernel (tests). */
export interface KernelPass {
  /** substep α of forwardStep */
  alpha?: number;
  /** substep start α_before of forwardStep (the damping reference and the target offset) */
  alphaBefore?: number;
  /** color index of solveColor */
  color?: number;
  chebyshevActive?: boolean;
  residualSlot?: number;
}

/** Where a residual sum of the pending calls lives and what it is. */
interface ResidualRecord {
  slot: number;
  /** 'initial' starts a substep (the denominator); 'value' is a relative residual after it */
  kind: 'initial' | 'value';
  unpinned: number;
}

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

export class GpuVbdStepper implements VbdStepper {
  readonly model: VbdModel;
  readonly kernels: VbdKernels;
  readonly device: GPUDevice;
  readonly vertexCount: number;
  private readonly buffers: GPUBuffer[] = [];
  private readonly positions: GPUBuffer;
  private readonly vertexData: GPUBuffer;
  private readonly modelData: GPUBuffer;
  private readonly restShape: GPUBuffer;
  private readonly reductions: GPUBuffer;
  private readonly counters: GPUBuffer;
  private readonly callParams: GPUBuffer;
  private readonly colorPass: GPUBuffer;
  private substepPass: GPUBuffer;
  private readonly staging: GPUBuffer;
  private readonly modelGroup: GPUBindGroup;
  private stateGroup: GPUBindGroup;
  /** the contact binding (contactData.wgsl), grown by writeContact */
  private contact: GPUBuffer;
  /** the buffer bound as the contact binding: `contact`, or the detection's while the steps run OGC */
  private boundContact: GPUBuffer;
  /** OGC on the GPU for the OgcContact the steps were given (null: none yet) */
  private ogc: { contact: OgcContact; detection: GpuOgcDetection; carries: Uint8Array } | null = null;
  /**
   * a contact stepper's calls since the last read (run again from `backup` when a detection outgrew a capacity);
   * every call is kept, with contact or not, so that the run again is the same work
   */
  private callsSinceRead: { controls: VbdControls; dt: number }[] = [];
  /** positions, velocities and previous velocities at the first of callsSinceRead */
  private backup: GPUBuffer | null = null;
  /** whether the block kernels were compiled with the contact gather (GpuVbdStepperOptions.contact) */
  private readonly contactKernels: boolean;
  /** the contact detection's gatedDispatch */
  private readonly gatedDispatch: 'direct' | 'indirect';
  private callGroup: GPUBindGroup;
  private readonly layout: Record<ModelLayoutField, number>;
  /** workgroups of each color's solveColor dispatch, folded: [x, y] */
  private readonly colorGroups: [number, number][];
  private readonly vertexGroups: [number, number];
  private readonly blockGroups: [number, number];
  private readonly tetGroups: [number, number];
  /** lanes per vertex of the block kernels (solveColor, elasticForces, meanForceResidual) */
  readonly threadsPerVertex: number;
  /** what each compute pass of this stepper has bound (dispatch skips setting it again) */
  private readonly passBindings = new WeakMap<GPUComputePassEncoder, { pipeline: GPUComputePipeline; group: GPUBindGroup; colorOffset: number; passOffset: number }>();
  /** the block kernels compiled for this model's element kinds and width (empty: the kernels' generic ones) */
  private readonly blockPipelines: Partial<Record<VbdEntryPoint, GPUComputePipeline>>;
  /** whether the tetRestShapeInverse buffer holds the model's D_rest⁻¹ (else a call's upload or animated rest shape) */
  private restShapeIsModel = true;
  // per-call scratch, allocated once
  private readonly callUpload: Float32Array<ArrayBuffer>;
  private readonly restUpload: Float32Array<ArrayBuffer>;
  private readonly stateUpload: Float32Array<ArrayBuffer>;
  private readonly callParamsData = new ArrayBuffer(CALL_PARAMS_BYTES);
  private passData: ArrayBuffer;
  private passFloats: Float32Array;
  private passWords: Uint32Array;
  private passCapacity: number;
  // work since the last readState
  private records: ResidualRecord[] = [];
  private substepsPending = 0;
  private iterationsPending = 0;
  private checks: Promise<GPUError | null>[] = [];
  private reading = false;
  private destroyed = false;

  /** Prefer createGpuVbdStepper; after this constructor, await ready() before relying on the buffers. */
  constructor(kernels: VbdKernels, model: VbdModel, options: GpuVbdStepperOptions = {}) {
    const device = kernels.device;
    this.kernels = kernels;
    this.device = device;
    this.model = model;
    const V = (this.vertexCount = model.vertexCount);
    if (kernels.lostMessage) throw new VbdBackendError('device-lost', kernels.lostMessage);
    const maxX = options.maxWorkgroupsPerDimension ?? device.limits.maxComputeWorkgroupsPerDimension;
    const fold = (groups: number): [number, number] => {
      const folded = foldWorkgroups(groups, maxX);
      if (folded[1] > device.limits.maxComputeWorkgroupsPerDimension) throw new VbdBackendError('limits', `${groups} workgroups do not fit one dispatch`);
      return folded;
    };
    const width = (this.threadsPerVertex = options.threadsPerVertex ?? kernels.threadsPerVertex);
    this.contactKernels = options.contact ?? false;
    this.gatedDispatch = options.gatedDispatch ?? 'indirect';
    this.blockPipelines = kernels.blockPipelines(options.specializeElements === false ? ALL_ELEMENT_KINDS : elementKindMask(model), width, options.debugOutputs, this.contactKernels || options.specializeElements === false);
    const perBlock = VBD_WORKGROUP_SIZE / width;
    const vertexGroupCount = Math.ceil(V / VBD_WORKGROUP_SIZE);
    const blockGroupCount = Math.ceil(V / perBlock);
    this.vertexGroups = fold(vertexGroupCount);
    this.blockGroups = fold(blockGroupCount);
    this.tetGroups = fold(Math.ceil(model.tetCount / VBD_WORKGROUP_SIZE));
    this.colorGroups = [];
    for (let c = 0; c < model.colorCount; c++) this.colorGroups.push(fold(Math.ceil((model.colorOffsets[c + 1] - model.colorOffsets[c]) / perBlock)));
    const partialCount = Math.max(1, vertexGroupCount, blockGroupCount);

    const packed = packVbdModel(model);
    const layout = {} as Record<ModelLayoutField, number>;
    MODEL_LAYOUT_FIELDS.forEach((field, k) => (layout[field] = packed.layout[k]));
    Object.assign(layout, {
      vertexGroupsX: this.vertexGroups[0],
      vertexGroupCount,
      blockGroupsX: this.blockGroups[0],
      blockGroupCount,
      scheduleStart: partialCount,
      resultsStart: partialCount + 4,
      debugStart: partialCount + 4 + RESIDUAL_CAPACITY,
      tetGroupsX: this.tetGroups[0],
    });
    this.layout = layout;
    const reductionsLength = layout.debugStart + (options.debugOutputs ? 13 * V : 0);

    // Every storage binding must fit the device; say which one does not (auto then stays on the CPU).
    const sizes: [string, number][] = [
      ['indices', 4 * packed.indices.length],
      ['data', 4 * packed.data.length],
      ['vertexData', 4 * VERTEX_DATA_FLOATS * V],
      ['tetRestShapeInverse', 36 * model.tetCount],
      ['reductions', 4 * reductionsLength],
    ];
    for (const [name, bytes] of sizes) {
      const limit = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
      if (bytes > limit) throw new VbdBackendError('limits', `the ${name} buffer of this model needs ${mib(bytes)}, the adapter binds at most ${mib(limit)}`);
    }

    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    const storage = (label: string, bytes: number, usage = 0): GPUBuffer => this.track(device.createBuffer({ label: `vbd ${label}`, size: roundUp(Math.max(bytes, 4), 4), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC | usage }));
    const uniform = (label: string, bytes: number): GPUBuffer => this.track(device.createBuffer({ label: `vbd ${label}`, size: roundUp(bytes, 16), usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST }));
    const indices = storage('indices', packed.indices.byteLength);
    const data = (this.modelData = storage('data', packed.data.byteLength));
    const layoutBuffer = uniform('modelLayout', 4 * MODEL_LAYOUT_FIELDS.length);
    this.positions = storage('positions', 12 * V);
    this.vertexData = storage('vertexData', 4 * VERTEX_DATA_FLOATS * V);
    this.restShape = storage('tetRestShapeInverse', 36 * model.tetCount);
    this.reductions = storage('reductions', 4 * reductionsLength);
    this.counters = storage('counters', 16);
    this.callParams = uniform('callParams', CALL_PARAMS_BYTES);
    this.colorPass = uniform('colorPass', UNIFORM_SLOT_BYTES * Math.max(1, model.colorCount));
    this.passCapacity = 64;
    this.passData = new ArrayBuffer(UNIFORM_SLOT_BYTES * this.passCapacity);
    this.passFloats = new Float32Array(this.passData);
    this.passWords = new Uint32Array(this.passData);
    this.substepPass = uniform('substepPass', this.passData.byteLength);
    this.staging = this.track(device.createBuffer({ label: 'vbd readback', size: 36 * V + 4 * RESIDUAL_CAPACITY + 16 + GpuOgcDetection.statsBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST }));

    const queue = device.queue;
    queue.writeBuffer(indices, 0, packed.indices);
    queue.writeBuffer(data, 0, packed.data);
    queue.writeBuffer(layoutBuffer, 0, Uint32Array.from(MODEL_LAYOUT_FIELDS, (field) => layout[field]));
    if (model.tetCount > 0) queue.writeBuffer(this.restShape, 0, packed.data, layout.tetRestShapeInverse, 9 * model.tetCount);
    // Until a step uploads its own, no vertex has a max distance (negative: no limit).
    if (V > 0) queue.writeBuffer(this.vertexData, 4 * SCALAR_SECTIONS.maxDistance * V, new Float32Array(V).fill(-1));
    const colorData = new Uint32Array((UNIFORM_SLOT_BYTES / 4) * Math.max(1, model.colorCount));
    for (let c = 0; c < model.colorCount; c++) {
      const o = (UNIFORM_SLOT_BYTES / 4) * c;
      colorData[o] = model.colorOffsets[c];
      colorData[o + 1] = model.colorOffsets[c + 1] - model.colorOffsets[c];
      colorData[o + 2] = this.colorGroups[c][0];
    }
    queue.writeBuffer(this.colorPass, 0, colorData);
    // rest state: x = rest shape, v = 0, free vertices, no attachment
    this.callUpload = new Float32Array((UPLOAD_END - UPLOAD_START) * V);
    this.restUpload = new Float32Array(9 * model.tetCount);
    this.stateUpload = new Float32Array(6 * V);
    queue.writeBuffer(this.positions, 0, Float32Array.from(model.restPositions));

    const entry = (binding: number, buffer: GPUBuffer, size?: number): GPUBindGroupEntry => ({ binding, resource: { buffer, size } });
    this.modelGroup = device.createBindGroup({ label: 'vbd model', layout: kernels.bindGroupLayouts.model, entries: [entry(0, indices), entry(1, data), entry(2, layoutBuffer)] });
    const noContact = packVbdContact(null, model.vertexColors);
    this.contact = storage('contact', noContact.byteLength);
    this.boundContact = this.contact;
    queue.writeBuffer(this.contact, 0, noContact);
    this.stateGroup = this.makeStateGroup();
    this.callGroup = this.makeCallGroup();
    this.checks.push(device.popErrorScope(), device.popErrorScope());
  }

  /** Resolves once the creation's buffers exist; rejects with VbdBackendError when the device could not make them. */
  async ready(): Promise<void> {
    await this.collectErrors();
  }

  setState(state: VbdState): void {
    const V = this.vertexCount;
    for (const key of ['positions', 'velocities', 'previousVelocities'] as const) {
      if (state[key].length !== 3 * V) throw new Error(`setState: ${key} has ${state[key].length} numbers, expected ${3 * V} (#V×3)`);
    }
    this.assertUsable();
    const upload = this.stateUpload;
    upload.set(state.velocities, 0);
    upload.set(state.previousVelocities, 3 * V);
    this.device.queue.writeBuffer(this.vertexData, 0, upload);
    upload.set(state.positions, 0);
    this.device.queue.writeBuffer(this.positions, 0, upload, 0, 3 * V);
    this.device.queue.writeBuffer(this.counters, 0, ZERO_COUNTERS);
    this.records = [];
    this.substepsPending = 0;
    this.iterationsPending = 0;
    this.callsSinceRead = [];
  }

  step(controls: VbdControls, dt: number): void {
    const model = this.model;
    const V = this.vertexCount;
    for (const [key, value] of Object.entries(controls)) {
      if (value !== undefined && !PORTED_CONTROLS.has(key)) throw new Error(`step: the control "${key}" is not ported to the WebGPU backend yet (kernels/vbd); use the CPU backend`);
    }
    // The CPU step's checks, the same function (app/solvers/vbd checkVbdControls), then what only this backend refuses.
    const { substeps, iterations, chebyshevRho: rho, chebyshevDelay: delay, targetsEnd, targetsStart } = checkVbdControls(model, controls, dt);
    const ogc = controls.contact ? ogcContactOf(controls.contact) : undefined;
    if (controls.contact && !ogc) throw new Error('step: the WebGPU backend runs contact made by ogcContact (app/contact) only; use the CPU backend for another VbdContact');
    if (ogc && !this.contactKernels) throw new Error('step: this stepper was created without contact (GpuVbdStepperOptions.contact); create it with contact: true to step with controls.contact');
    if (controls.beforeSubstep) throw new Error('step: beforeSubstep (a host callback on the state between substeps, contact\'s surface) needs a readback per substep; use the CPU backend');
    if (controls.lineSearch) throw new Error('step: the local line search (controls.lineSearch) runs only on the CPU backend');
    if ((controls.residualTolerance ?? 0) > 0) throw new Error('step: residualTolerance needs a readback per iteration; the WebGPU backend runs fixed iterations (use residuals: "everyIteration" to watch them)');
    const residualMode: VbdResidualMode = controls.residuals ?? 'none';
    const quasistatic = controls.quasistatic ?? false;
    const initialization = controls.initialization ?? 'adaptive';
    if (!(initialization in INITIALIZATION_CODES)) throw new Error(`step: unknown initialization "${initialization}"`);
    const restShapeInverse = controls.tetRestShapeInverse;
    const animatedRest = controls.animatedRest;
    const evaluationsPerSubstep = residualMode === 'none' ? 0 : residualMode === 'everyIteration' ? 1 + iterations : 2;
    const evaluations = residualMode === 'lastSubstep' ? evaluationsPerSubstep : substeps * evaluationsPerSubstep;
    if (this.records.length + evaluations > RESIDUAL_CAPACITY) {
      throw new Error(`step: more than ${RESIDUAL_CAPACITY} residual evaluations between two readState calls; read the state more often`);
    }
    const upload = this.callUpload;
    const unpinned = this.prepareVertexTerms(controls, upload);
    upload.set(targetsStart, 0);
    upload.set(targetsEnd, 3 * V);
    this.assertUsable();

    const device = this.device;
    const queue = device.queue;
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    try {
      const detection = ogc ? this.prepareContactCall(ogc, upload, targetsEnd, substeps, iterations) : null;
      if (!detection) this.bindContact(this.contact);
      queue.writeBuffer(this.vertexData, 4 * UPLOAD_START * V, upload);
      const encoder = device.createCommandEncoder({ label: 'vbd step' });
      if (this.contactKernels) {
        // The state the calls since the last read start from, kept until the read (a detection over a capacity runs
        // them again).
        if (this.callsSinceRead.length === 0) this.encodeBackup(encoder, false);
        this.callsSinceRead.push({ controls, dt });
      }
      if (restShapeInverse) {
        this.restUpload.set(restShapeInverse);
        if (model.tetCount > 0) queue.writeBuffer(this.restShape, 0, this.restUpload);
        this.restShapeIsModel = false;
      } else if (animatedRest) {
        // written by restShapeInverses in every substep below
        this.restShapeIsModel = false;
      } else if (!this.restShapeIsModel) {
        if (model.tetCount > 0) encoder.copyBufferToBuffer(this.modelData, 4 * this.layout.tetRestShapeInverse, this.restShape, 0, 36 * model.tetCount);
        this.restShapeIsModel = true;
      }
      const h = dt / substeps;
      if (!(initialization in INITIALIZATION_CODES)) throw new Error(`step: the initialization "${initialization}" is not ported to the WebGPU backend yet (kernels/vbd); use the CPU backend`);
      const equilibrium = controls.equilibriumAtTargets ?? false;
      this.writeCallParams(h, quasistatic, INITIALIZATION_CODES[initialization as keyof typeof INITIALIZATION_CODES], rho, controls.dampRelativeToTargets ?? false, equilibrium, animatedRest);

      const chebyshevSlots = rho > 0 ? iterations : 0;
      const residualSlots = evaluationsPerSubstep;
      this.reservePassSlots(substeps * (1 + (equilibrium ? 1 : 0) + chebyshevSlots + residualSlots));
      let slotCount = 0;
      let alphaBefore = 0;
      const slot = (alpha: number, chebyshevActive: boolean, residualSlot: number, atTargets = false): number => {
        this.writePassSlot(slotCount, alpha, chebyshevActive, residualSlot, alphaBefore, atTargets);
        return UNIFORM_SLOT_BYTES * slotCount++;
      };

      // One compute pass, or with contact one between each detection (a detection's copies and gated dispatches sit
      // between passes: docs/contact.md).
      const beginPass = (): GPUComputePassEncoder => {
        const p = encoder.beginComputePass({ label: 'vbd step' });
        p.setBindGroup(0, this.modelGroup);
        p.setBindGroup(1, this.stateGroup);
        return p;
      };
      let pass = beginPass();
      const between = (record: () => void): void => {
        pass.end();
        record();
        pass = beginPass();
      };
      const residual = (alpha: number, kind: ResidualRecord['kind']): void => {
        const record: ResidualRecord = { slot: this.records.length, kind, unpinned };
        this.records.push(record);
        const offset = slot(alpha, false, record.slot);
        this.dispatch(pass, 'meanForceResidual', this.blockGroups, 0, offset);
        this.dispatch(pass, 'sumResidual', [1, 1], 0, offset);
      };
      // ogcContact's endIteration (and beginSubstep's truncation of the guess): truncate to the bounds.
      const truncate = (offset: number): void => {
        this.dispatch(pass, 'truncationMoved', this.vertexGroups, 0, offset);
        this.dispatch(pass, 'truncateToBounds', this.vertexGroups, 0, offset);
      };
      // Control entries of a substep (prepareContactCall): its start, the mark after the guess, one per iteration.
      const entriesPerSubstep = 2 + iterations;
      for (let s = 0; s < substeps; s++) {
        const alpha = (s + 1) / substeps;
        alphaBefore = s / substeps;
        const substepSlot = slot(alpha, false, 0);
        // 'lastSubstep' is 'final' on the call's last substep and 'none' before it (step.ts)
        const substepResiduals: VbdResidualMode = residualMode === 'lastSubstep' ? (s === substeps - 1 ? 'final' : 'none') : residualMode;
        // x^t, the substep's detection positions (forwardStep overwrites x with the guess)
        if (detection) between(() => detection.copyPositions(encoder, this.positions, 0));
        this.dispatch(pass, 'forwardStep', this.vertexGroups, 0, substepSlot);
        if (animatedRest) this.dispatch(pass, 'restShapeInverses', this.tetGroups, 0, substepSlot);
        if (equilibrium) this.dispatch(pass, 'elasticForces', this.blockGroups, 0, slot(alpha, false, 0, true));
        if (detection) {
          // ogcContact's beginSubstep: detect at x^t, truncate the guess, mark the vertices in contact.
          const base = s * entriesPerSubstep;
          between(() => {
            detection.encodeGate(encoder, base);
            detection.encodeDetection(encoder, true);
          });
          this.dispatch(pass, 'detectionStateAtStart', this.vertexGroups, 0, substepSlot);
          truncate(substepSlot);
          this.dispatch(pass, 'markInContact', this.vertexGroups, 0, substepSlot);
          between(() => detection.encodeGate(encoder, base + 1));
        }
        if (substepResiduals !== 'none') residual(alpha, 'initial');
        for (let iteration = 1; iteration <= iterations; iteration++) {
          for (let c = 0; c < model.colorCount; c++) {
            this.dispatch(pass, 'solveColor', this.colorGroups[c], UNIFORM_SLOT_BYTES * c, substepSlot);
            // with contact the color solve is Jacobi within the color (positionsNew), committed after it
            if (this.contactKernels) this.dispatch(pass, 'commitColor', this.colorGroups[c], UNIFORM_SLOT_BYTES * c, substepSlot);
          }
          if (rho > 0) {
            const offset = slot(alpha, iteration > delay, 0);
            this.dispatch(pass, 'chebyshevChange', this.vertexGroups, 0, offset);
            this.dispatch(pass, 'chebyshevSchedule', [1, 1], 0, offset);
            this.dispatch(pass, 'chebyshevAccelerate', this.vertexGroups, 0, offset);
          }
          if (detection) {
            // ogcContact's endIteration: truncate; re-detect at x when more than γ_e of the free vertices were
            // truncated (decided on the GPU by the gate: the detection and detectionStateNow run or do nothing).
            truncate(substepSlot);
            between(() => {
              detection.copyPositions(encoder, this.positions, 0);
              detection.encodeGate(encoder, s * entriesPerSubstep + 1 + iteration);
              detection.encodeDetection(encoder, false);
            });
            this.dispatch(pass, 'detectionStateNow', this.vertexGroups, 0, substepSlot);
            this.dispatch(pass, 'markInContact', this.vertexGroups, 0, substepSlot);
          }
          if (substepResiduals === 'everyIteration') residual(alpha, 'value');
        }
        if (substepResiduals === 'final') residual(alpha, 'value');
        this.dispatch(pass, 'updateVelocities', this.vertexGroups, 0, substepSlot);
      }
      pass.end();
      queue.writeBuffer(this.substepPass, 0, this.passData, 0, UNIFORM_SLOT_BYTES * slotCount);
      queue.submit([encoder.finish()]);
    } finally {
      this.checks.push(device.popErrorScope(), device.popErrorScope());
    }
    this.substepsPending += substeps;
    this.iterationsPending += substeps * iterations;
  }

  /**
   * A call's contact on the GPU: the OGC detection for this OgcContact (made at its first call, its kernels compiled
   * with the stepper), this call's inputs uploaded (ogcContact's frame, the pins, the gates' control entries) and its
   * contact binding bound. Returns the detection.
   */
  private prepareContactCall(ogc: OgcContact, upload: Float32Array, targetsEnd: ArrayLike<number>, substeps: number, iterations: number): GpuOgcDetection {
    const V = this.vertexCount;
    const options = ogc.options;
    if (options.simulationVertexCount !== V) throw new Error(`step: the contact was made for ${options.simulationVertexCount} simulation vertices, the model has ${V}`);
    if (this.ogc?.contact !== ogc) {
      if (this.callsSinceRead.some((call) => call.controls.contact)) throw new Error('step: a new contact before the calls of the previous one were read (readState)');
      this.ogc?.detection.destroy();
      const detection = GpuOgcDetection.createCompiled(this.device, { ...options, vertexColors: this.model.vertexColors, gatedDispatch: this.gatedDispatch });
      detection.attachStep(this.counters);
      // the vertices that carry a surface point (a finite bound in ogcContact), fixed with the contact
      const carries = new Uint8Array(V);
      for (let k = 0; k < options.pointWeights.length; k++) if (options.pointWeights[k] !== 0) carries[options.pointVertices[k]] = 1;
      this.ogc = { contact: ogc, detection, carries };
    }
    const { detection, carries } = this.ogc;
    const pinnedAt = (SCALAR_SECTIONS.pinned - UPLOAD_START) * V;
    const pinned = new Uint8Array(V);
    for (let v = 0; v < V; v++) pinned[v] = upload[pinnedAt + v] !== 0 ? 1 : 0;
    // γ_e · the free vertices that carry a point (ogcContact's endIteration: unpinned, with a finite bound)
    let free = 0;
    for (let v = 0; v < V; v++) if (carries[v] && !pinned[v]) free++;
    const threshold = (options.redetectionFraction ?? 0.01) * free;
    const perSubstep = 2 + iterations;
    const control = new Uint32Array(4 * substeps * perSubstep);
    const floats = new Float32Array(control.buffer);
    for (let s = 0; s < substeps; s++) {
      for (let k = 0; k < perSubstep; k++) {
        const o = 4 * (s * perSubstep + k);
        control[o] = k === 0 ? GATE_MODE.substepStart : k === 1 ? GATE_MODE.mark : GATE_MODE.iteration;
        floats[o + 1] = threshold;
        floats[o + 2] = (s + 1) / substeps;
        floats[o + 3] = s / substeps;
      }
    }
    const frame = ogc.frameInputs();
    detection.setCall({ ...frame, pinned, cellPositions: targetsEnd, control });
    this.bindContact(detection.contactBuffer);
    return detection;
  }

  /** Copies the state (positions, velocities, previous velocities) into the backup, or back from it (`restore`). */
  private encodeBackup(encoder: GPUCommandEncoder, restore: boolean): void {
    const V = this.vertexCount;
    if (V === 0) return;
    this.backup ??= this.track(this.device.createBuffer({ label: 'vbd state backup', size: 36 * V, usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST }));
    if (restore) {
      encoder.copyBufferToBuffer(this.backup, 0, this.positions, 0, 12 * V);
      encoder.copyBufferToBuffer(this.backup, 12 * V, this.vertexData, 0, 24 * V);
    } else {
      encoder.copyBufferToBuffer(this.positions, 0, this.backup, 0, 12 * V);
      encoder.copyBufferToBuffer(this.vertexData, 0, this.backup, 12 * V, 24 * V);
    }
  }

  async readState(out: VbdState): Promise<VbdStepDiagnostics> {
    const V = this.vertexCount;
    for (const key of ['positions', 'velocities', 'previousVelocities'] as const) {
      if (out[key].length !== 3 * V) throw new Error(`readState: ${key} has ${out[key].length} numbers, expected ${3 * V} (#V×3)`);
    }
    if (this.reading) throw new Error('readState: a read of this stepper is already in flight');
    this.assertUsable();
    for (let attempt = 0; ; attempt++) {
      const calls = this.callsSinceRead;
      const { diagnostics, grown } = await this.readOnce(out);
      if (!grown) return diagnostics;
      // A detection outgrew a buffer (its grow() made room): run the calls again from the state they started from.
      if (attempt >= 8) throw new VbdBackendError('internal', 'the contact detection kept outgrowing its buffers');
      const encoder = this.device.createCommandEncoder({ label: 'vbd restore' });
      this.encodeBackup(encoder, true);
      this.device.queue.submit([encoder.finish()]);
      for (const call of calls) this.step(call.controls, call.dt);
    }
  }

  /**
   * One read of the state and diagnostics; with contact also the detections' counts, added to the OgcContact's stats
   * unless a detection outgrew a capacity (`grown`: the frame must run again).
   */
  private async readOnce(out: VbdState): Promise<{ diagnostics: VbdStepDiagnostics; grown: boolean }> {
    const V = this.vertexCount;
    const records = this.records;
    const substeps = this.substepsPending;
    const iterations = this.iterationsPending;
    const ogc = this.callsSinceRead.some((call) => call.controls.contact) ? this.ogc : null;
    this.records = [];
    this.substepsPending = 0;
    this.iterationsPending = 0;
    this.callsSinceRead = [];
    const device = this.device;
    const resultsBytes = 4 * records.length;
    const countersAt = 36 * V + resultsBytes;
    const statsAt = countersAt + 12;
    const total = statsAt + (ogc ? GpuOgcDetection.statsBytes : 0);
    const encoder = device.createCommandEncoder({ label: 'vbd readState' });
    encoder.copyBufferToBuffer(this.positions, 0, this.staging, 0, 12 * V);
    encoder.copyBufferToBuffer(this.vertexData, 0, this.staging, 12 * V, 24 * V);
    if (resultsBytes > 0) encoder.copyBufferToBuffer(this.reductions, 4 * this.layout.resultsStart, this.staging, 36 * V, resultsBytes);
    encoder.copyBufferToBuffer(this.counters, 0, this.staging, countersAt, 12);
    encoder.clearBuffer(this.counters);
    if (ogc) ogc.detection.encodeStats(encoder, this.staging, statsAt);
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    device.queue.submit([encoder.finish()]);
    this.checks.push(device.popErrorScope(), device.popErrorScope());

    this.reading = true;
    try {
      await this.collectErrors();
      try {
        await this.staging.mapAsync(GPUMapMode.READ, 0, total);
      } catch (error) {
        throw new VbdBackendError('device-lost', this.kernels.lostMessage ?? `reading the state back failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (this.kernels.lostMessage) throw new VbdBackendError('device-lost', this.kernels.lostMessage);
      const bytes = this.staging.getMappedRange(0, total);
      const floats = new Float32Array(bytes, 0, 9 * V + records.length);
      out.positions.set(floats.subarray(0, 3 * V));
      out.velocities.set(floats.subarray(3 * V, 6 * V));
      out.previousVelocities.set(floats.subarray(6 * V, 9 * V));
      const sums = Array.from(floats.subarray(9 * V));
      const [skippedSolves, clampedRestTets, truncated] = new Uint32Array(bytes, countersAt, 3);
      const words = ogc ? new Uint32Array(bytes.slice(statsAt, total)) : null;
      this.staging.unmap();
      if (ogc && words) {
        const stats = detectionStats(words);
        if (ogc.detection.grow(stats)) return { diagnostics: undefined as never, grown: true };
        // ogcContact's counters, as its beginSubstep and endIteration keep them (every detection a full search)
        const s = ogc.contact.stats;
        s.substeps += substeps;
        s.detections += stats.detections;
        s.redetections += stats.redetections;
        s.truncations += truncated;
        s.contacts += stats.contacts;
        s.maxContacts = Math.max(s.maxContacts, stats.largest.contacts);
        s.inputExcluded += stats.inputExcluded;
        s.searches += stats.detections;
      }
      const diagnostics: VbdStepDiagnostics = { substeps, iterations, colorCount: this.model.colorCount, skippedSolves, clampedRestTets, corrections: [], ...residualDiagnostics(records, sums) };
      return { diagnostics, grown: false };
    } finally {
      this.reading = false;
    }
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const buffer of this.buffers) buffer.destroy();
    this.ogc?.detection.destroy();
  }

  // ---- per-kernel access for tests (the step above is these, in order) ----

  /** Writes a vertexData section (#V×3, or #V for attachmentStiffness and pinned), rounded to f32. */
  writeSection(section: VertexSection, values: ArrayLike<number>): void {
    const [start, length] = this.sectionRange(section);
    if (values.length !== length) throw new Error(`writeSection: ${section} takes ${length} numbers, got ${values.length}`);
    this.device.queue.writeBuffer(this.vertexData, 4 * start, Float32Array.from(values));
  }

  /** Writes positions (#V×3) or the tets' D_m⁻¹ (#T×9) used by the next dispatches. */
  writeArray(name: 'positions' | 'tetRestShapeInverse', values: ArrayLike<number>): void {
    const expected = name === 'positions' ? 3 * this.vertexCount : 9 * this.model.tetCount;
    if (values.length !== expected) throw new Error(`writeArray: ${name} takes ${expected} numbers, got ${values.length}`);
    if (expected === 0) return;
    this.device.queue.writeBuffer(name === 'positions' ? this.positions : this.restShape, 0, Float32Array.from(values));
    if (name === 'tetRestShapeInverse') this.restShapeIsModel = false;
  }

  /**
   * Writes the contact data the kernels gather from (packVbdContact; null: none), with the bounds truncateToBounds
   * reads when given, growing the binding when needed. For tests and debugging: a step with contact made by
   * ogcContact binds the GPU detection's own contact buffer instead (bindContact).
   */
  writeContact(data: VbdContactData | null, truncation?: ContactTruncation): void {
    if (data && !this.contactKernels) throw new Error('writeContact: this stepper was created without contact (GpuVbdStepperOptions.contact); its kernels would ignore the data');
    const words = packVbdContact(data, this.model.vertexColors, truncation);
    if (words.byteLength > this.contact.size) {
      this.contact.destroy();
      this.contact = this.track(this.device.createBuffer({ label: 'vbd contact', size: roundUp(words.byteLength, 4), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST }));
    }
    this.bindContact(this.contact);
    this.device.queue.writeBuffer(this.contact, 0, words);
  }

  /** Writes the call parameters the kernels read: substep length h [s], quasistatic, initialization, Chebyshev ρ, stretch limits. */
  setCall(timeStep: number, quasistatic = false, initialization: keyof typeof INITIALIZATION_CODES = 'adaptive', chebyshevRho = 0, dampRelative = false, equilibrium = false, animatedRest?: VbdControls['animatedRest']): void {
    this.writeCallParams(timeStep, quasistatic, INITIALIZATION_CODES[initialization], chebyshevRho, dampRelative, equilibrium, animatedRest);
  }

  /** Runs one kernel alone in its own command buffer (tests compare it with its CPU twin). */
  runKernel(entryPoint: VbdEntryPoint, values: KernelPass = {}): void {
    this.reservePassSlots(1);
    this.writePassSlot(0, values.alpha ?? 1, values.chebyshevActive ?? false, values.residualSlot ?? 0, values.alphaBefore ?? 0, entryPoint === 'elasticForces');
    this.device.queue.writeBuffer(this.substepPass, 0, this.passData, 0, UNIFORM_SLOT_BYTES);
    const encoder = this.device.createCommandEncoder({ label: `vbd ${entryPoint}` });
    const pass = encoder.beginComputePass();
    pass.setBindGroup(0, this.modelGroup);
    pass.setBindGroup(1, this.stateGroup);
    const color = values.color ?? 0;
    const groups: [number, number] =
      entryPoint === 'restShapeInverses' ? this.tetGroups : entryPoint === 'solveColor' || entryPoint === 'commitColor' ? this.colorGroups[color] : entryPoint === 'meanForceResidual' || entryPoint === 'vertexForceHessian' || entryPoint === 'elasticForces' ? this.blockGroups : entryPoint === 'sumResidual' || entryPoint === 'chebyshevSchedule' ? [1, 1] : this.vertexGroups;
    this.dispatch(pass, entryPoint, groups, UNIFORM_SLOT_BYTES * color, 0);
    pass.end();
    this.device.queue.submit([encoder.finish()]);
  }

  /** Reads every buffer the kernels write (waits for the GPU): positions, vertexData sections, rest shapes, reductions, counters. */
  async readBuffers(): Promise<{ positions: Float32Array; sections: Record<VertexSection, Float32Array>; tetRestShapeInverse: Float32Array; reductions: Float32Array; skippedSolves: number; clampedRestTets: number; truncated: number; layout: Record<ModelLayoutField, number> }> {
    const read = async (buffer: GPUBuffer): Promise<ArrayBuffer> => {
      const staging = this.device.createBuffer({ size: buffer.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      const encoder = this.device.createCommandEncoder();
      encoder.copyBufferToBuffer(buffer, 0, staging, 0, buffer.size);
      this.device.queue.submit([encoder.finish()]);
      await staging.mapAsync(GPUMapMode.READ);
      const copy = staging.getMappedRange().slice(0);
      staging.destroy();
      return copy;
    };
    const [positions, vertexData, reductions, counters, restShape] = await Promise.all([this.positions, this.vertexData, this.reductions, this.counters, this.restShape].map(read));
    const all = new Float32Array(vertexData);
    const sections = {} as Record<VertexSection, Float32Array>;
    for (const section of [...VERTEX_SECTIONS, 'attachmentStiffness', 'pinned', 'attachmentDamping', 'maxDistance', 'inContact', 'positionsAtDetection', 'targetsAtDetection'] as const) {
      const [start, length] = this.sectionRange(section);
      sections[section] = all.slice(start, start + length);
    }
    const [skippedSolves, clampedRestTets, truncated] = new Uint32Array(counters);
    return { positions: new Float32Array(positions, 0, 3 * this.vertexCount), sections, tetRestShapeInverse: new Float32Array(restShape, 0, 9 * this.model.tetCount), reductions: new Float32Array(reductions), skippedSolves, clampedRestTets, truncated, layout: { ...this.layout } };
  }

  // ---- internals ----

  /**
   * step.ts's prepareVertexTerms into the per-call upload (sections accelerations, attachmentStiffness, pinned):
   * a = gravity + externalAccelerations, k_i = blendStiffness(m_i, w_i, κ) (Infinity = pinned). Same checks and
   * messages as the CPU.
   * @returns the number of unpinned vertices
   */
  private prepareVertexTerms(controls: VbdControls, upload: Float32Array): number {
    const V = this.vertexCount;
    const gravity = controls.gravity ?? DEFAULT_GRAVITY;
    if (gravity.length !== 3 || !Number.isFinite(gravity[0]) || !Number.isFinite(gravity[1]) || !Number.isFinite(gravity[2])) {
      throw new Error('step: gravity must be three finite numbers [m/s²]');
    }
    const extra = controls.externalAccelerations;
    if (extra && extra.length !== 3 * V) throw new Error(`step: externalAccelerations must have ${3 * V} numbers (#V×3)`);
    const weights = controls.blendWeights;
    if (weights && weights.length !== V) throw new Error(`step: blendWeights must have ${V} numbers (#V)`);
    const kappaOf = vertexStiffness(controls.attachmentStiffness, V);
    const attachmentDamping = controls.attachmentDamping ?? 0;
    const targetDamping = controls.targetDamping ?? 0;
    if (!(attachmentDamping >= 0) || !Number.isFinite(attachmentDamping)) throw new Error(`step: attachmentDamping must be ≥ 0 [s], got ${attachmentDamping}`);
    if (!(targetDamping >= 0) || !Number.isFinite(targetDamping)) throw new Error(`step: targetDamping must be ≥ 0 [1/s], got ${targetDamping}`);
    const accelerations = 6 * V;
    const stiffness = (SCALAR_SECTIONS.attachmentStiffness - UPLOAD_START) * V;
    const pinned = (SCALAR_SECTIONS.pinned - UPLOAD_START) * V;
    const damping = (SCALAR_SECTIONS.attachmentDamping - UPLOAD_START) * V;
    const limits = (SCALAR_SECTIONS.maxDistance - UPLOAD_START) * V;
    const maxDistances = controls.maxDistances;
    if (maxDistances && maxDistances.length !== V) throw new Error(`step: maxDistances must have ${V} numbers (#V), got ${maxDistances.length}`);
    let unpinned = 0;
    for (let v = 0; v < V; v++) {
      for (let k = 0; k < 3; k++) upload[accelerations + 3 * v + k] = gravity[k] + (extra ? extra[3 * v + k] : 0);
      const w = weights ? weights[v] : 1;
      if (!(w >= 0 && w <= 1)) throw new Error(`step: blend weight of vertex ${v} must be in [0, 1], got ${w}`);
      const k = blendStiffness(this.model.masses[v], w, kappaOf(v));
      const isPinned = k === Number.POSITIVE_INFINITY;
      upload[pinned + v] = isPinned ? 1 : 0;
      upload[stiffness + v] = isPinned ? 0 : k;
      // c_i = β k_i + α m_i, as step.ts's prepareVertexTerms
      upload[damping + v] = isPinned ? 0 : attachmentDamping * k + targetDamping * this.model.masses[v];
      // The clamp of step.ts clampToTargets; a negative value is "no limit" in the kernel.
      upload[limits + v] = maxDistances && maxDistances[v] < Infinity ? maxDistances[v] : -1;
      if (!isPinned) unpinned++;
    }
    return unpinned;
  }

  /** Fills substepPass slot `index` (SubstepPass in vbdBindings.wgsl). */
  private writePassSlot(index: number, alpha: number, chebyshevActive: boolean, residualSlot: number, alphaBefore: number, atTargets: boolean): void {
    const o = (UNIFORM_SLOT_BYTES / 4) * index;
    this.passFloats[o] = alpha;
    this.passWords[o + 1] = chebyshevActive ? 1 : 0;
    this.passWords[o + 2] = residualSlot;
    this.passFloats[o + 3] = alphaBefore;
    this.passWords[o + 4] = atTargets ? 1 : 0;
  }

  private writeCallParams(h: number, quasistatic: boolean, initialization: number, rho: number, dampRelative: boolean, equilibrium: boolean, animatedRest?: VbdControls['animatedRest']): void {
    const floats = new Float32Array(this.callParamsData);
    const words = new Uint32Array(this.callParamsData);
    floats[0] = h;
    floats[1] = quasistatic ? 0 : 1 / h;
    floats[2] = quasistatic ? 0 : 1 / (h * h);
    words[3] = quasistatic ? 1 : 0;
    words[4] = initialization;
    floats[5] = rho;
    words[6] = dampRelative ? 1 : 0;
    words[7] = equilibrium ? 1 : 0;
    floats[8] = animatedRest?.minStretch ?? 1;
    floats[9] = animatedRest?.maxStretch ?? 1;
    this.device.queue.writeBuffer(this.callParams, 0, this.callParamsData);
  }

  private dispatch(pass: GPUComputePassEncoder, entryPoint: VbdEntryPoint, groups: readonly [number, number], colorOffset: number, passOffset: number): void {
    if (groups[0] === 0) return;
    const pipeline = this.blockPipelines[entryPoint] ?? this.kernels.pipelines[entryPoint];
    if (!pipeline) throw new Error(`vbd: the ${entryPoint} kernel is not compiled (create the stepper with debugOutputs)`);
    // Encoding is the host's cost of a frame of small lattices (a hundred dispatches or more): state that is already
    // set is not set again (every kernel shares one pipeline layout, so the bind groups survive a pipeline change).
    const bound = this.passBindings.get(pass);
    if (bound?.pipeline !== pipeline) pass.setPipeline(pipeline);
    if (bound?.group !== this.callGroup || bound.colorOffset !== colorOffset || bound.passOffset !== passOffset) pass.setBindGroup(2, this.callGroup, [colorOffset, passOffset]);
    this.passBindings.set(pass, { pipeline, group: this.callGroup, colorOffset, passOffset });
    pass.dispatchWorkgroups(groups[0], groups[1]);
  }

  /** Grows the substepPass uniform (and its bind group) to hold `slots` slots. */
  private reservePassSlots(slots: number): void {
    if (slots <= this.passCapacity) return;
    this.passCapacity = Math.max(slots, 2 * this.passCapacity);
    this.passData = new ArrayBuffer(UNIFORM_SLOT_BYTES * this.passCapacity);
    this.passFloats = new Float32Array(this.passData);
    this.passWords = new Uint32Array(this.passData);
    this.substepPass = this.track(this.device.createBuffer({ label: 'vbd substepPass', size: this.passData.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST }));
    this.callGroup = this.makeCallGroup();
  }

  /** Binds `buffer` as the step's contact binding. */
  private bindContact(buffer: GPUBuffer): void {
    if (this.boundContact === buffer) return;
    this.boundContact = buffer;
    this.stateGroup = this.makeStateGroup();
  }

  private makeStateGroup(): GPUBindGroup {
    const entry = (binding: number, buffer: GPUBuffer): GPUBindGroupEntry => ({ binding, resource: { buffer } });
    return this.device.createBindGroup({
      label: 'vbd state',
      layout: this.kernels.bindGroupLayouts.state,
      entries: [entry(0, this.positions), entry(1, this.vertexData), entry(2, this.restShape), entry(3, this.reductions), entry(4, this.counters), entry(5, this.boundContact)],
    });
  }

  private makeCallGroup(): GPUBindGroup {
    return this.device.createBindGroup({
      label: 'vbd call',
      layout: this.kernels.bindGroupLayouts.call,
      entries: [
        { binding: 0, resource: { buffer: this.callParams } },
        { binding: 1, resource: { buffer: this.colorPass, size: 16 } },
        { binding: 2, resource: { buffer: this.substepPass, size: SUBSTEP_PASS_BYTES } },
      ],
    });
  }

  private sectionRange(section: VertexSection): [number, number] {
    const V = this.vertexCount;
    if (section === 'attachmentStiffness' || section === 'pinned' || section === 'attachmentDamping' || section === 'maxDistance') return [SCALAR_SECTIONS[section] * V, V];
    if (section === 'positionsAtDetection' || section === 'targetsAtDetection') return [CONTACT_SECTIONS[section] * V, 3 * V];
    if (section === 'inContact') return [CONTACT_SECTIONS.inContact * V, V];
    return [3 * V * VERTEX_SECTIONS.indexOf(section), 3 * V];
  }

  private track(buffer: GPUBuffer): GPUBuffer {
    this.buffers.push(buffer);
    return buffer;
  }

  private assertUsable(): void {
    if (this.destroyed) throw new Error('the GPU stepper was destroyed');
    if (this.kernels.lostMessage) throw new VbdBackendError('device-lost', this.kernels.lostMessage);
  }

  /** Awaits the error scopes of the work so far; the first error becomes a VbdBackendError. */
  private async collectErrors(): Promise<void> {
    const checks = this.checks;
    this.checks = [];
    let errors: (GPUError | null)[];
    try {
      errors = await Promise.all(checks);
    } catch (error) {
      throw new VbdBackendError('device-lost', this.kernels.lostMessage ?? (error instanceof Error ? error.message : String(error)));
    }
    const error = errors.find((e) => e !== null);
    if (!error) return;
    if (this.kernels.lostMessage) throw new VbdBackendError('device-lost', this.kernels.lostMessage);
    if (typeof GPUOutOfMemoryError !== 'undefined' && error instanceof GPUOutOfMemoryError) throw new VbdBackendError('out-of-memory', `the GPU ran out of memory: ${error.message}`);
    throw new VbdBackendError('internal', `WebGPU reported an error in the VBD step: ${error.message}`);
  }
}

/** Residuals and initial force norms of step.ts from the sums in record order (Eq. 5.28: mean ratio = sum ratio). */
function residualDiagnostics(records: ResidualRecord[], sums: number[]): { residuals: number[]; initialForceNorms: number[] } {
  const residuals: number[] = [];
  const initialForceNorms: number[] = [];
  let initial = 0;
  for (const record of records) {
    const sum = sums[record.slot];
    if (record.kind === 'initial') {
      initial = sum;
      initialForceNorms.push(record.unpinned === 0 ? 0 : sum / record.unpinned);
    } else {
      residuals.push(initial > 0 ? sum / initial : sum > 0 ? Number.POSITIVE_INFINITY : 0);
    }
  }
  return { residuals, initialForceNorms };
}

function roundUp(value: number, multiple: number): number {
  return Math.ceil(value / multiple) * multiple;
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 0)} MiB`;
}

/** κ of vertex v [1/s²]: one number for all, or one per vertex (VbdControls.attachmentStiffness), checked as the CPU step does. */
function vertexStiffness(stiffness: number | ArrayLike<number> | undefined, vertexCount: number): (v: number) => number {
  if (stiffness === undefined || typeof stiffness === 'number') {
    const kappa = stiffness ?? 1000;
    if (!(kappa >= 0)) throw new Error(`step: attachmentStiffness must be ≥ 0 [1/s²], got ${kappa}`);
    return () => kappa;
  }
  if (stiffness.length !== vertexCount) throw new Error(`step: attachmentStiffness must be one number or ${vertexCount} (#V), got ${stiffness.length}`);
  for (let v = 0; v < vertexCount; v++) if (!(stiffness[v] >= 0)) throw new Error(`step: attachmentStiffness of vertex ${v} must be ≥ 0 [1/s²], got ${stiffness[v]}`);
  return (v) => stiffness[v];
}
