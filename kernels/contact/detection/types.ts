/**
 * The data of GpuOgcDetection (kernels/contact/gpuOgcDetection.ts, the host of ogcDetection.wgsl, OGC's detection:
 * seed 000 ch. 5, Chen et al. 2025): its constants (ogcDetection.wgsl's layout), the public types, and the plain
 * struct `GpuOgcDetectionData` every step in this folder reads and writes (README.md).
 */
import type { OgcContactOptions } from '../../../app/contact/index.ts';
import type { VbdContactData } from '../../../app/solvers/vbd/index.ts';
import { GpuBoxHashTable, type GpuBoxSpatialHash } from '../../geometry/gpuBoxSpatialHash.ts';

export const WORKGROUP_SIZE = 64;
export const PARAMS_BYTES = 112;
export const SCRATCH_HEADER = 4;
/** detectionWords' sections, in ogcDetection.wgsl's DETECTION_* order. */
export const SECTIONS = [
  'triangles',
  'triangleOwner',
  'edges',
  'triangleEdges',
  'edgeTriangleOffsets',
  'edgeTriangles',
  'edgeOpposites',
  'neighbourOffsets',
  'neighbours',
  'pointTriangleOffsets',
  'pointTriangles',
  'pointEdgeOffsets',
  'pointEdges',
  'ringOffsets',
  'rings',
  'localOffsets',
  'locals',
  'kinematic',
  'regions',
  'untangle',
] as const;
/** detectionWords' header: a start per section (20), padded to 24 words. */
export const HEADER_WORDS = 24;
export const ENTRY_POINTS = [
  'contactPoints',
  'contactBoxes',
  'clearDetection',
  'sizePairDispatches',
  'pointTriangleContacts',
  'edgeEdgeContacts',
  'unaryContacts',
  'pointLimits',
  'sizeEntryDispatches',
  'countEntries',
  'scanEntries',
  'fillEntries',
  'sortEntries',
  'gateDetection',
  'substepInputs',
  'recordDetection',
] as const;
export type EntryPoint = (typeof ENTRY_POINTS)[number];

/**
 * The dispatch slots (x, y, 1) of a detection (ogcDetection.wgsl's dispatches): three sized on the GPU, then the fixed
 * ones the gate opens or closes and the two tables' eight each (ogcDetection.wgsl's DISPATCH_SLOTS is the same number).
 */
export const SLOT = {
  pointTriangle: 0,
  edgeEdge: 1,
  entries: 2,
  points: 3,
  boxes: 4,
  clear: 5,
  single: 6,
  surface: 7,
  vertices: 8,
  pointTable: 9,
  edgeTable: 9 + GpuBoxHashTable.DISPATCHES,
} as const;
export const DISPATCH_SLOTS = 9 + 2 * GpuBoxHashTable.DISPATCHES;
/** ogcDetection.wgsl's GATE_* words. */
export const GATE = {
  mode: 0,
  detections: 6,
  redetections: 7,
  contacts: 8,
  inputExcluded: 9,
  maxContacts: 10,
  pointTableEntries: 16,
  edgeTableEntries: 17,
} as const;
export const GATE_WORDS = 20;
/** Gate modes (GATE_MODE): a substep's start (always detect), after an iteration (γ_e), mark only. */
export const GATE_MODE = { substepStart: 0, iteration: 1, mark: 2 } as const;
export const FLAG_STEP_INPUTS = 64;

/** What the detection is built from: ogcContact's options (the search-reuse ones do not apply) and the vertex colors. */
export type GpuOgcDetectionOptions = Omit<OgcContactOptions, 'searchMargin' | 'fullSearchFraction' | 'redetectionFraction'> & {
  /** #V color of each simulation vertex (model.vertexColors: the step's same-color majorizer reads them) */
  vertexColors: ArrayLike<number>;
  /** first capacities, for a caller that knows its sizes (default: small, grown as the detections need) */
  capacity?: Partial<DetectionCapacity>;
  /**
   * how the gated slots whose open size the host knows are dispatched: 'indirect' (default) from the gate's sizes, or
   * 'direct' at the open size, their kernels returning outside the gated size (kernels/gpu/gatedDispatch.wgsl). Direct
   * on hardware adapters (gpuVbdStepBackend), where Dawn's validation of an indirect dispatch costs about 0.4 ms of
   * device time; indirect on software ones, where an empty workgroup costs more than that validation (SwiftShader).
   */
  gatedDispatch?: 'direct' | 'indirect';
};

/** Room in the detection's buffers: contacts, gather entries, each table's (box, cell) entries and answers. */
export interface DetectionCapacity {
  contacts: number;
  entries: number;
  pointEntries: number;
  edgeEntries: number;
  pointAnswers: number;
  edgeAnswers: number;
}

/** One instant's inputs: the points, or the positions they are made from. */
export interface GpuOgcDetectionFrame {
  /** #P×3 the surface points, then the collider points [m] (ogcContact's pointPositions); or: */
  points?: ArrayLike<number>;
  /** #V×3 simulation vertex positions [m], with: */
  positions?: ArrayLike<number>;
  /**
   * #S×3 the points' offsets and #O×3 the colliders' positions [m] (0 when left out): what the points are made from,
   * and what the contact binding holds for the step (its contact points), so give them with `points` too when the
   * binding will be stepped
   */
  pointOffsets?: ArrayLike<number>;
  obstaclePositions?: ArrayLike<number>;
  /** #V 1 = pinned simulation vertex */
  pinned: Uint8Array;
  /** #P×3 the same points in the input at this instant (input exclusion; the colliders' are their own) [m] */
  reference?: ArrayLike<number>;
  /** #S the input region of each point (app/contact inputRegions' labels, 0 = none, ANY_REGION = all) */
  regions?: Uint32Array;
  /** #S 1 = pulled toward its target (a pointTarget contact) */
  untangle?: Uint8Array;
  /** #S×3 the pulled points' targets [m] (what the step's pointTarget contacts read) */
  pointTargets?: ArrayLike<number>;
}

/** One VBD step call's contact inputs (GpuOgcDetection.setCall): ogcContact's frame, the pins and the gates' entries. */
export interface GpuOgcStepCall {
  /** #V 1 = pinned simulation vertex (this call's) */
  pinned: Uint8Array;
  /** #O×3 collider points at the call's start and end [m] */
  obstacleStart?: ArrayLike<number>;
  obstacleEnd?: ArrayLike<number>;
  /** #S×3 the input's surface points at the call's start and end [m] (null: no input exclusion) */
  referenceStart?: ArrayLike<number> | null;
  referenceEnd?: ArrayLike<number> | null;
  regions?: Uint32Array | null;
  untangle?: Uint8Array | null;
  /** #S×3 the points' offsets and the pulled points' targets for the call [m] */
  pointOffsets?: ArrayLike<number>;
  pointTargets?: ArrayLike<number>;
  /** #V×3 positions the hash's cells are sized from at the first call (the call's targets) [m] */
  cellPositions: ArrayLike<number>;
  /** the gates' control entries (16 bytes each: mode u32, γ_e threshold f32, α f32, α_before f32) */
  control: Uint32Array<ArrayBuffer>;
}

/** What the gate's words say about the detections since they were cleared. */
export interface GpuOgcDetectionStats {
  detections: number;
  redetections: number;
  /** contacts summed over the detections, and the pairs the input left out */
  contacts: number;
  inputExcluded: number;
  /** the largest totals of one detection (what the capacities must hold) */
  largest: { contacts: number; entries: number; pointEntries: number; edgeEntries: number; pointAnswers: number; edgeAnswers: number };
}

/** The gate's words (GpuOgcDetection.encodeStats) as stats. */

/** A detection's contacts as the CPU's VbdContactData arrays, with what the truncation reads. */
export interface GpuOgcDetectionContacts {
  data: Pick<
    VbdContactData,
    | 'contactCount'
    | 'contactKinds'
    | 'contactPoints'
    | 'contactFrictionWeights'
    | 'contactNormals'
    | 'contactNormalForces'
    | 'vertexContactOffsets'
    | 'vertexContacts'
  >;
  /** #S γ_p·d_s of each surface point [m] */
  pointLimits: Float32Array;
  /** #P×3 the points the detection tested [m] */
  points: Float32Array;
}

/** The detection's stages: points and boxes, the hash's two tables, the pairs (with the unary contacts and the limits), the lists. */
export interface DetectionPhaseTimes {
  pointsAndBoxes: number;
  broadPhase: number;
  pairs: number;
  gatherLists: number;
}

/** What one detection found (its totals, read back after it ran). */
export interface GpuOgcDetectionResult {
  /** the step's contact binding with this detection's contacts (owned by the detection; valid until its next call) */
  contactBuffer: GPUBuffer;
  contactCount: number;
  /** gather entries, and candidate pairs left out because they are close in the input or inside one input region */
  entries: number;
  inputExcluded: number;
  /** candidate pairs the broad phase gave (point–triangle, edge–edge answers) */
  candidates: [number, number];
  /** runs it took (1, or more when a capacity had to grow) */
  runs: number;
  /** with `phaseTimes`, each stage's wall time in the last run [ms] */
  phaseTimes?: DetectionPhaseTimes;
  /** reads the contacts back */
  read(): Promise<GpuOgcDetectionContacts>;
}

/** The buffers sized by the capacities, made again when one grows. */
export interface SizedBuffers {
  contact: GPUBuffer;
  broad: GPUBuffer;
  pointTable: GpuBoxHashTable;
  edgeTable: GpuBoxHashTable;
  /** word starts in broad (DetectionParams' *At) */
  at: {
    triangleBoxes: number;
    pointQueries: number;
    edgeBoxes: number;
    edgeQueries: number;
    pointOffsets: number;
    pointAnswers: number;
    edgeOffsets: number;
    edgeAnswers: number;
  };
  bindGroup: GPUBindGroup;
  /**
   * every slot's largest size (3 × DISPATCH_SLOTS words): the open sizes, and for the three sized on the GPU what the
   * capacities allow; direct dispatches use them (gatedDispatch 'direct')
   */
  largestSizes: Uint32Array;
}

/** The kernels of one device: the layout, a pipeline per entry point and the hash's kernels. */
export interface DetectionKernels {
  layout: GPUBindGroupLayout;
  pipelines: Record<EntryPoint, GPUComputePipeline>;
  hash: GpuBoxSpatialHash;
}

/**
 * Everything one detection holds: its device and kernels, the surface's counts and topology, every buffer, the
 * capacities and the sized buffers made from them. Made by gpuOgcDetectionData; the steps of this folder read and
 * write it. Counts: S surface points, O collider points, P = S + O, V simulation vertices, T triangles, E edges.
 */
export interface GpuOgcDetectionData {
  device: GPUDevice;
  /** the device's bind group layout, a pipeline per entry point, and the hash's kernels (shared by a device's detections) */
  layout: GPUBindGroupLayout;
  pipelines: Record<EntryPoint, GPUComputePipeline>;
  hash: GpuBoxSpatialHash;
  options: GpuOgcDetectionOptions;
  /** room for contacts, list entries, (box, cell) entries of each table and answers of each table (counts; grown by growCapacities) */
  capacity: DetectionCapacity;
  /** the buffers the capacities size (null until made, and after they grew or a step attached) */
  sized: SizedBuffers | null;
  /** u32 word start of each section of detectionWords (topologyBuffer) */
  sectionStarts: Record<(typeof SECTIONS)[number], number>;
  /** detectionWords, u32: HEADER_WORDS section starts, then the sections (topology, kinematic, regions, untangle flags) */
  topologyBuffer: GPUBuffer;
  /** 2·P×3 f32 [m]: the points the detection tests, then the input's points at the same instant (input exclusion) */
  pointBuffer: GPUBuffer;
  /** V×3 f32 [m]: the simulation positions the points are made from */
  positionBuffer: GPUBuffer;
  /** u32: SCRATCH_HEADER words, then P + E + T + V + 1 per-item words the kernels share */
  scratchBuffer: GPUBuffer;
  /** 2·DISPATCH_SLOTS×3 u32 workgroup counts: the gated sizes, then the open sizes the gate copies */
  dispatchBuffer: GPUBuffer;
  /** the detection's indirect dispatch sizes (DISPATCH_SLOTS slots of 12 bytes), a copy of the gated half */
  indirectBuffer: GPUBuffer;
  /** the gate's words (GATE_WORDS u32, GATE_*): control entry, truncation mark, the detections' counts and largest totals */
  gateBuffer: GPUBuffer;
  /** control entries, 16 bytes each (mode u32, γ_e threshold f32, α f32, α_before f32), copied into the gate before each gate dispatch; made larger by setStepCall */
  controlBuffer: GPUBuffer;
  /** per call, f32 [m]: the colliders' points at its start and end (O×3 each), the input's (S×3 each) (substepInputs) */
  frameBuffer: GPUBuffer;
  /** the step's counters (bound read-only; ownCounters until attachStep) */
  countersBuffer: GPUBuffer;
  /** 4 u32 zeros: the counters' stand-in of a standalone detection */
  ownCounters: GPUBuffer;
  /** GATE_WORDS u32: the totals a detection reads back (the gate's largest totals and sums) */
  totalsBuffer: GPUBuffer;
  /** DetectionParams uniform, PARAMS_BYTES (writeDetectionParams) */
  paramsBuffer: GPUBuffer;
  /** T×3 u32 vertex indices of the triangles (surface points, then colliders') */
  triangles: Uint32Array;
  /** E×2 u32 point indices of the edges */
  edges: Uint32Array;
  /** S, P, V and the planes' count */
  surfacePointCount: number;
  pointCount: number;
  vertexCount: number;
  planeCount: number;
  /** contact radius r and query radius r_q [m] */
  radius: number;
  queryRadius: number;
  /** γ_p, the bound relaxation (dimensionless) */
  gammaP: number;
  /** P u32: 1 = kinematic point (the colliders', and surface points all of whose vertices are pinned) */
  kinematic: Uint32Array<ArrayBuffer>;
  /** the hash tables' cells [m], from the first points the host gave (the CPU's rule: the boxes' mean largest extent) */
  cells: [number, number] | null;
  /** the contact binding's header (each section's word start) */
  contactHeader: Uint32Array;
  /** the per-call flags of the last writeDetectionParams (written again when the sized buffers are made anew) */
  paramsFlags: number;
}
