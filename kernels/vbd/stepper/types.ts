import type { OgcContact } from '../../../app/contact/index.ts';
import type { VbdControls, VbdModel } from '../../../app/solvers/vbd/index.ts';
import type { GpuOgcDetection } from '../../contact/gpuOgcDetection.ts';
import type { ModelLayoutField } from '../packVbdModel.ts';
import type { VbdEntryPoint, VbdKernels } from '../vbdKernels.ts';
import type { VERTEX_SECTIONS } from './vertexDataLayout.ts';

// The shapes of the WebGPU VBD stepper (kernels/vbd/createGpuVbdStepper.ts re-exports the public ones) and its data
// struct, GpuVbdStepperData: what a stepper holds on the device and between calls, one field per buffer, bind group
// and size. V is the model's vertex count (#V), T its tet count (#T), C its colors; f32 = 4 bytes. Positions are
// row-major xyz [m], velocities [m/s]. The layout of the buffers (vertexData's sections, the uniforms' bytes) is
// vertexDataLayout.ts's; the WGSL side of every binding is vbdBindings.wgsl.

/** A vertexData section: one of VERTEX_SECTIONS (#V×3) or one of the #V scalars. */
export type VertexSection =
  | (typeof VERTEX_SECTIONS)[number]
  | 'attachmentStiffness'
  | 'pinned'
  | 'attachmentDamping'
  | 'maxDistance'
  | 'inContact'
  | 'positionsAtDetection'
  | 'targetsAtDetection';

/** The codes of VbdControls.initialization in CallParams (vbdBindings.wgsl). */
export const INITIALIZATION_CODES = { previous: 0, inertia: 1, inertiaAcceleration: 2, adaptive: 3, targetOffset: 4 } as const;

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
export interface ResidualRecord {
  /** index of the sum in the reductions buffer's results section */
  slot: number;
  /** 'initial' starts a substep (the denominator); 'value' is a relative residual after it */
  kind: 'initial' | 'value';
  /** unpinned vertices of the call (the mean of the initial force norm) */
  unpinned: number;
}

/** OGC on the GPU for the OgcContact a stepper's calls were given. */
export interface GpuOgcCall {
  /** the contact of the calls (ogcContact) */
  contact: OgcContact;
  /** its detection on this device (kernels/contact), made at the contact's first call */
  detection: GpuOgcDetection;
  /** #V, 1 where a vertex carries a surface point (a finite bound in ogcContact), fixed with the contact */
  carries: Uint8Array;
}

/** What each compute pass has bound (dispatchKernel skips setting it again). */
export interface PassBinding {
  pipeline: GPUComputePipeline;
  group: GPUBindGroup;
  /** dynamic offsets of the call group [bytes]: colorPass, substepPass */
  colorOffset: number;
  passOffset: number;
}

/**
 * The stepper's data: every GPU buffer, bind group and size, the per-call scratch, and the work since the last
 * readState. Made by gpuVbdStepperData; every step of kernels/vbd/stepper reads and writes it, nothing else does.
 */
export interface GpuVbdStepperData {
  // ---- what the stepper runs ----
  readonly device: GPUDevice;
  /** the compiled kernels (pipelines and the three bind group layouts: model, state, call) */
  readonly kernels: VbdKernels;
  readonly model: VbdModel;
  /** #V */
  readonly vertexCount: number;
  /** lanes per vertex of the block kernels (solveColor, elasticForces, meanForceResidual) */
  readonly threadsPerVertex: number;
  /** the block kernels compiled for this model's element kinds and width (empty: the kernels' generic ones) */
  readonly blockPipelines: Partial<Record<VbdEntryPoint, GPUComputePipeline>>;
  /** whether the block kernels were compiled with the contact gather (GpuVbdStepperOptions.contact) */
  readonly contactKernels: boolean;
  /** the contact detection's gatedDispatch */
  readonly gatedDispatch: 'direct' | 'indirect';

  // ---- sizes ----
  /** the modelLayout uniform's words (packVbdModel's offsets into data and indices, then the groups and reductions' sections) */
  readonly layout: Record<ModelLayoutField, number>;
  /** workgroups [x, y] (folded at the dimension limit) of a dispatch over the vertices, one lane each */
  readonly vertexGroups: [number, number];
  /** workgroups [x, y] over the vertices, threadsPerVertex lanes each (the block kernels) */
  readonly blockGroups: [number, number];
  /** workgroups [x, y] over the tets */
  readonly tetGroups: [number, number];
  /** per color (C), workgroups [x, y] of its solveColor dispatch */
  readonly colorGroups: [number, number][];

  // ---- buffers (all f32 or u32 words; every one is in `buffers`, destroyed with the stepper) ----
  /** every buffer the stepper made, destroyed by destroy */
  readonly buffers: GPUBuffer[];
  /** #V×3 f32 positions x [m] */
  readonly positions: GPUBuffer;
  /** 51·#V f32, section after section (vertexDataLayout.ts): velocities [m/s], previous velocities, ..., contact's */
  readonly vertexData: GPUBuffer;
  /** the packed model's f32/u32 data section (packVbdModel: masses, element parameters, D_rest⁻¹ [1/m]) */
  readonly modelData: GPUBuffer;
  /** #T×9 f32 D_m⁻¹ [1/m] the elements read: the model's, a call's upload or the animated rest shape */
  readonly restShape: GPUBuffer;
  /** f32 words: per-workgroup partial sums, the Chebyshev schedule (4), RESIDUAL_CAPACITY residual sums, debug (13·#V) */
  readonly reductions: GPUBuffer;
  /** 4 u32: skipped solves, clamped rest tets, truncated vertices, unused */
  readonly counters: GPUBuffer;
  /** CallParams uniform (CALL_PARAMS_BYTES): h [s], 1/h, 1/h², modes, ρ, stretch limits */
  readonly callParams: GPUBuffer;
  /** per color one UNIFORM_SLOT_BYTES slot (u32: first vertex, count, groups x), a dynamic offset of the call group */
  readonly colorPass: GPUBuffer;
  /** passCapacity SubstepPass slots (UNIFORM_SLOT_BYTES each), a dynamic offset of the call group; grown by reservePassSlots */
  substepPass: GPUBuffer;
  /** MAP_READ: #V×9 f32 state, RESIDUAL_CAPACITY sums, 4 u32 counters, the detection's stats words */
  readonly staging: GPUBuffer;
  /** the contact binding (contactData.wgsl, packVbdContact's words), grown by writeContact */
  contact: GPUBuffer;
  /** the buffer bound as the contact binding: `contact`, or the detection's while the steps run OGC */
  boundContact: GPUBuffer;
  /** #V×9 f32 positions, velocities and previous velocities at the first of callsSinceRead (null until a contact call) */
  backup: GPUBuffer | null;

  // ---- bind groups (group 0 model, 1 state, 2 call) ----
  readonly modelGroup: GPUBindGroup;
  /** positions, vertexData, restShape, reductions, counters, boundContact: remade when boundContact changes */
  stateGroup: GPUBindGroup;
  /** callParams, colorPass, substepPass: remade when substepPass grows */
  callGroup: GPUBindGroup;
  /** what each compute pass has bound */
  readonly passBindings: WeakMap<GPUComputePassEncoder, PassBinding>;

  // ---- contact ----
  /** OGC on the GPU for the OgcContact the steps were given (null: none yet) */
  ogc: GpuOgcCall | null;
  /**
   * a contact stepper's calls since the last read (run again from `backup` when a detection outgrew a capacity);
   * every call is kept, with contact or not, so that the run again is the same work
   */
  callsSinceRead: { controls: VbdControls; dt: number }[];
  /** whether the restShape buffer holds the model's D_rest⁻¹ (else a call's upload or animated rest shape) */
  restShapeIsModel: boolean;

  // ---- per-call scratch, allocated once ----
  /** (UPLOAD_END − UPLOAD_START)·#V f32: the per-call sections of vertexData, targetsStart through maxDistance */
  readonly callUpload: Float32Array<ArrayBuffer>;
  /** #T×9 f32 a call's D_m⁻¹ [1/m] */
  readonly restUpload: Float32Array<ArrayBuffer>;
  /** #V×6 f32: velocities and previous velocities (then positions) of setState */
  readonly stateUpload: Float32Array<ArrayBuffer>;
  /** CALL_PARAMS_BYTES */
  readonly callParamsData: ArrayBuffer;
  /** passCapacity SubstepPass slots as written this call, viewed as f32 and u32 */
  passData: ArrayBuffer;
  passFloats: Float32Array;
  passWords: Uint32Array;
  /** slots substepPass holds */
  passCapacity: number;

  // ---- work since the last readState ----
  records: ResidualRecord[];
  substepsPending: number;
  iterationsPending: number;
  /** error scopes of the work so far (collectErrors awaits them) */
  checks: Promise<GPUError | null>[];
  /** a readState is in flight */
  reading: boolean;
  destroyed: boolean;
}
