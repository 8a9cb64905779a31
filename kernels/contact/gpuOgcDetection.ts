/**
 * TypeScript host of kernels/contact/ogcDetection.wgsl, the GPU twin of ogcContact's detection (app/contact): for the
 * surface points (and collider points) at one instant, the OGC contacts, each simulation vertex's gather list and
 * each point's bound limit γ_p·d_s, written into a contact binding the VBD step reads (contactData.wgsl,
 * packVbdContact) — the contacts ogcContact with `searchMargin: 0` finds (a full search at every detection).
 * test/kernels/contact/ogcDetection.test.ts checks it against ogcContact.
 *
 * Usage:
 *   const detection = await GpuOgcDetection.create(device, { ...ogcContactOptions, vertexColors: model.vertexColors });
 *   const result = await detection.detect({ positions, pointOffsets, obstaclePositions, pinned, reference?, … });
 *   // or detect({ points, pinned, … }) with the points made on the host
 *   // result.contactBuffer: the step's contact binding; result.read(): its contacts and limits on the CPU
 *
 * DESIGN NOTES
 * - Everything on the GPU in one command buffer: the points (contactPointPosition), the boxes, the broad phase (two
 *   GpuBoxHashTable tables over ranges of one `broad` buffer: points against triangles grown by r_q, edges against
 *   edges grown by r_q/2), the pairs (sized by indirect dispatches from the tables' totals), the unary contacts, the
 *   limits and the gather lists. The host uploads the frame's inputs and reads back seven totals.
 * - Capacities: contacts, list entries, each table's (box, cell) entries and answers. Every kernel writes only what
 *   fits and counts the whole; when a total is over its capacity the host grows that buffer (1.5× the need, at least
 *   doubled) and runs the detection again. The first capacities are small on purpose (256 contacts; 8 cells a box;
 *   16 answers a point, 32 an edge), so a bake finds its sizes in its first frames and keeps them.
 * - The tables' cells are the CPU's rule (the boxes' mean largest extent) at the first points the host gives, kept
 *   after: a cell only sets how fast the hash is, not what it finds.
 * - Gated: every dispatch is sized by a gate kernel (gateDetection) from a control entry the host copies in (mode,
 *   γ_e threshold, the substep's α): open sizes or zeros, read by indirect dispatches, or (gatedDispatch 'direct',
 *   hardware adapters) by the kernels themselves, dispatched at their largest size (the pairs and list entries, sized
 *   on the GPU, at what the capacities allow): Dawn validates every indirect dispatch with a hidden pass, about 0.4 ms
 *   of device time each on NVIDIA GPUs, and a level-3 bake had 830 a frame (docs/contact.md). `detect` runs one open
 *   gate and the detection; a VBD step (kernels/vbd createGpuVbdStepper with contact) uses the step API instead: attachStep (its counters),
 *   setCall (the call's frame inputs and control entries), then in its own command buffer copyPositions,
 *   encodeGate and encodeDetection per detection, and encodeStats with the state; the counts and largest totals
 *   stay on the GPU until then (recordDetection), and `grow` says whether the calls must run again.
 * - The kernels are compiled once per device (the detections of a scene share them).
 */
import { contactTopology, isKinematicPoint, ringSets } from '../../app/contact/contactTopology.ts';
import type { OgcContactOptions } from '../../app/contact/index.ts';
import type { VbdContactData } from '../../app/solvers/vbd/index.ts';
import { pointTriangleClosestPointWgsl } from '../geometry/pointTriangleClosestPoint.wgsl.ts';
import { segmentSegmentClosestPointsWgsl } from '../geometry/segmentSegmentClosestPoints.wgsl.ts';
import { foldWorkgroups } from '../gpu/foldWorkgroups.ts';
import { readBuffer } from '../gpu/readBuffer.ts';
import { storageBuffer } from '../gpu/storageBuffer.ts';
import { gatedDispatchWgsl } from '../gpu/gatedDispatch.wgsl.ts';
import { workgroupScanWgsl } from '../gpu/workgroupScan.wgsl.ts';
import { contactActivationWgsl } from '../vbd/contactActivation.wgsl.ts';
import { contactDataWgsl } from '../vbd/contactData.wgsl.ts';
import { contactPointPositionWgsl } from '../vbd/contactPointPosition.wgsl.ts';
import { CONTACT_HEADER_WORDS, CONTACT_LAYOUT_FIELDS, packVbdContact } from '../vbd/packVbdContact.ts';
import { GpuBoxHashTable, GpuBoxSpatialHash } from '../geometry/gpuBoxSpatialHash.ts';
import { ogcDetectionWgsl } from './ogcDetection.wgsl.ts';

const WORKGROUP_SIZE = 64;
const PARAMS_BYTES = 112;
const SCRATCH_HEADER = 4;
/** detectionWords' sections, in ogcDetection.wgsl's DETECTION_* order. */
const SECTIONS = [
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
const HEADER_WORDS = 24;
const ENTRY_POINTS = ['contactPoints', 'contactBoxes', 'clearDetection', 'sizePairDispatches', 'pointTriangleContacts', 'edgeEdgeContacts', 'unaryContacts', 'pointLimits', 'sizeEntryDispatches', 'countEntries', 'scanEntries', 'fillEntries', 'sortEntries', 'gateDetection', 'substepInputs', 'recordDetection'] as const;
type EntryPoint = (typeof ENTRY_POINTS)[number];

/**
 * The dispatch slots (x, y, 1) of a detection (ogcDetection.wgsl's dispatches): three sized on the GPU, then the fixed
 * ones the gate opens or closes and the two tables' eight each (ogcDetection.wgsl's DISPATCH_SLOTS is the same number).
 */
const SLOT = { pointTriangle: 0, edgeEdge: 1, entries: 2, points: 3, boxes: 4, clear: 5, single: 6, surface: 7, vertices: 8, pointTable: 9, edgeTable: 9 + GpuBoxHashTable.DISPATCHES } as const;
const DISPATCH_SLOTS = 9 + 2 * GpuBoxHashTable.DISPATCHES;
/** ogcDetection.wgsl's GATE_* words. */
const GATE = { mode: 0, detections: 6, redetections: 7, contacts: 8, inputExcluded: 9, maxContacts: 10, pointTableEntries: 16, edgeTableEntries: 17 } as const;
const GATE_WORDS = 20;
/** Gate modes (GATE_MODE): a substep's start (always detect), after an iteration (γ_e), mark only. */
export const GATE_MODE = { substepStart: 0, iteration: 1, mark: 2 } as const;
const FLAG_STEP_INPUTS = 64;

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
export function detectionStats(words: Uint32Array): GpuOgcDetectionStats {
  const m = GATE.maxContacts;
  return {
    detections: words[GATE.detections],
    redetections: words[GATE.redetections],
    contacts: words[GATE.contacts],
    inputExcluded: words[GATE.inputExcluded],
    largest: { contacts: words[m], entries: words[m + 1], pointEntries: words[m + 2], edgeEntries: words[m + 3], pointAnswers: words[m + 4], edgeAnswers: words[m + 5] },
  };
}

/** A detection's contacts as the CPU's VbdContactData arrays, with what the truncation reads. */
export interface GpuOgcDetectionContacts {
  data: Pick<VbdContactData, 'contactCount' | 'contactKinds' | 'contactPoints' | 'contactFrictionWeights' | 'contactNormals' | 'contactNormalForces' | 'vertexContactOffsets' | 'vertexContacts'>;
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
interface SizedBuffers {
  contact: GPUBuffer;
  broad: GPUBuffer;
  pointTable: GpuBoxHashTable;
  edgeTable: GpuBoxHashTable;
  /** word starts in broad (DetectionParams' *At) */
  at: { triangleBoxes: number; pointQueries: number; edgeBoxes: number; edgeQueries: number; pointOffsets: number; pointAnswers: number; edgeOffsets: number; edgeAnswers: number };
  bindGroup: GPUBindGroup;
  /**
   * every slot's largest size (3 × DISPATCH_SLOTS words): the open sizes, and for the three sized on the GPU what the
   * capacities allow; direct dispatches use them (gatedDispatch 'direct')
   */
  largestSizes: Uint32Array;
}

/** The kernels of one device: the layout, a pipeline per entry point and the hash's kernels. */
interface DetectionKernels {
  layout: GPUBindGroupLayout;
  pipelines: Record<EntryPoint, GPUComputePipeline>;
  hash: GpuBoxSpatialHash;
}

const compiledKernels = new WeakMap<GPUDevice, Promise<DetectionKernels>>();
/** the compiled kernels of each device, once ready (createCompiled) */
const readyKernels = new WeakMap<GPUDevice, DetectionKernels>();

async function compileKernels(device: GPUDevice): Promise<DetectionKernels> {
  const storage = (binding: number, readOnly: boolean): GPUBindGroupLayoutEntry => ({ binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: readOnly ? 'read-only-storage' : 'storage' } });
  const layout = device.createBindGroupLayout({
    label: 'ogcDetection',
    entries: [storage(0, false), storage(1, true), storage(2, false), storage(3, false), storage(4, false), { binding: 5, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } }, storage(6, true), storage(7, false), storage(8, false), storage(9, true), storage(10, true)],
  });
  const code = [ogcDetectionWgsl, contactDataWgsl, contactPointPositionWgsl, contactActivationWgsl, pointTriangleClosestPointWgsl, segmentSegmentClosestPointsWgsl, workgroupScanWgsl, gatedDispatchWgsl].join('\n');
  const module = device.createShaderModule({ label: 'ogcDetection.wgsl', code });
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) throw new Error(`ogcDetection.wgsl: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`);
  const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
  const entries = await Promise.all(ENTRY_POINTS.map(async (entryPoint) => [entryPoint, await device.createComputePipelineAsync({ label: `ogcDetection ${entryPoint}`, layout: pipelineLayout, compute: { module, entryPoint } })] as const));
  return { layout, pipelines: Object.fromEntries(entries) as Record<EntryPoint, GPUComputePipeline>, hash: await GpuBoxSpatialHash.create(device) };
}

export class GpuOgcDetection {
  /** room for contacts, list entries, (box, cell) entries of each table and answers of each table */
  private readonly capacity: DetectionCapacity = { contacts: 256, entries: 1024, pointEntries: 0, edgeEntries: 0, pointAnswers: 0, edgeAnswers: 0 };
  private sized: SizedBuffers | null = null;
  private readonly sectionStarts: Record<(typeof SECTIONS)[number], number>;
  private readonly topologyBuffer: GPUBuffer;
  private readonly pointBuffer: GPUBuffer;
  private readonly positionBuffer: GPUBuffer;
  private readonly scratchBuffer: GPUBuffer;
  private readonly dispatchBuffer: GPUBuffer;
  /** the detection's indirect dispatch sizes (DISPATCH_SLOTS slots of 12 bytes), a copy of the gated half */
  private readonly indirectBuffer: GPUBuffer;
  /** the gate's words (GATE_*): control entry, truncation mark, the detections' counts and largest totals */
  private readonly gateBuffer: GPUBuffer;
  /** control entries (mode, γ_e threshold, α, α_before), copied into the gate before each gate dispatch */
  private controlBuffer: GPUBuffer;
  /** per call: the colliders' points and the input's at its start and end (substepInputs) */
  private readonly frameBuffer: GPUBuffer;
  /** the step's counters (bound read-only; a zeroed stand-in until attachStep) */
  private countersBuffer: GPUBuffer;
  private readonly ownCounters: GPUBuffer;
  /** the totals a detection reads back (the gate's largest totals and sums) */
  private readonly totalsBuffer: GPUBuffer;
  private readonly paramsBuffer: GPUBuffer;
  private readonly triangles: Uint32Array;
  private readonly edges: Uint32Array;
  private readonly surfacePointCount: number;
  private readonly pointCount: number;
  private readonly vertexCount: number;
  private readonly planeCount: number;
  private readonly radius: number;
  private readonly queryRadius: number;
  private readonly gammaP: number;
  private readonly kinematic: Uint32Array<ArrayBuffer>;
  /** the hash tables' cells [m], from the first points the host gave (the CPU's rule: the boxes' mean largest extent) */
  private cells: [number, number] | null = null;
  /** the contact binding's header (each section's word start) */
  private contactHeader = new Uint32Array(0);

  private constructor(
    private readonly device: GPUDevice,
    private readonly layout: GPUBindGroupLayout,
    private readonly pipelines: Record<EntryPoint, GPUComputePipeline>,
    private readonly hash: GpuBoxSpatialHash,
    private readonly options: GpuOgcDetectionOptions,
  ) {
    const S = options.pointVertices.length / 4;
    const O = options.obstacleVertexCount ?? 0;
    const P = S + O;
    const V = options.simulationVertexCount;
    if (options.vertexColors.length !== V) throw new Error(`GpuOgcDetection: ${options.vertexColors.length} vertex colors for ${V} simulation vertices`);
    this.surfacePointCount = S;
    this.pointCount = P;
    this.vertexCount = V;
    this.radius = options.radius;
    this.queryRadius = options.queryRadius ?? 2 * options.radius;
    if (!(this.radius > 0 && Number.isFinite(this.radius))) throw new RangeError(`GpuOgcDetection: radius must be a positive length, got ${this.radius}`);
    if (!(this.queryRadius >= this.radius)) throw new RangeError(`GpuOgcDetection: queryRadius (${this.queryRadius}) must be ≥ radius (${this.radius})`);
    this.gammaP = options.boundRelaxation ?? 0.45;
    const topology = contactTopology(options.triangles, S, options.obstacleTriangles, O, 'GpuOgcDetection');
    this.triangles = topology.triangles;
    this.edges = topology.edges;
    const rings = ringSets(topology.neighbours, S, options.topologicalRings ?? 0);
    const locals = ringSets(topology.neighbours, S, options.localRings ?? 0);
    this.kinematic = new Uint32Array(P);
    const sections: Record<(typeof SECTIONS)[number], ArrayLike<number>> = {
      triangles: topology.triangles,
      triangleOwner: topology.triangleOwner,
      edges: topology.edges,
      triangleEdges: topology.triangleEdges,
      edgeTriangleOffsets: topology.edgeTriangles.offsets,
      edgeTriangles: topology.edgeTriangles.values,
      edgeOpposites: topology.edgeOpposites.values,
      neighbourOffsets: topology.neighbours.offsets,
      neighbours: topology.neighbours.values,
      pointTriangleOffsets: topology.pointTriangles.offsets,
      pointTriangles: topology.pointTriangles.values,
      pointEdgeOffsets: topology.pointEdges.offsets,
      pointEdges: topology.pointEdges.values,
      ringOffsets: rings.offsets,
      rings: rings.values,
      localOffsets: locals.offsets,
      locals: locals.values,
      kinematic: this.kinematic,
      regions: new Uint32Array(S),
      untangle: new Uint32Array(S),
    };
    let length = HEADER_WORDS;
    for (const name of SECTIONS) length += sections[name].length;
    const topologyWords = new Uint32Array(length);
    this.sectionStarts = {} as Record<(typeof SECTIONS)[number], number>;
    let at = HEADER_WORDS;
    SECTIONS.forEach((name, k) => {
      topologyWords[k] = at;
      this.sectionStarts[name] = at;
      topologyWords.set(sections[name], at);
      at += sections[name].length;
    });
    this.topologyBuffer = storageBuffer(device, topologyWords, 0, 'ogcDetection topology');
    this.pointBuffer = storageBuffer(device, 4 * 6 * P, 0, 'ogcDetection points');
    this.positionBuffer = storageBuffer(device, 4 * 3 * V, 0, 'ogcDetection positions');
    const T = topology.triangleOwner.length;
    const E = topology.edges.length / 2;
    this.scratchBuffer = storageBuffer(device, 4 * (SCRATCH_HEADER + P + E + T + V + 1), 0, 'ogcDetection scratch');
    this.dispatchBuffer = storageBuffer(device, 4 * 6 * DISPATCH_SLOTS, 0, 'ogcDetection dispatch sizes');
    this.indirectBuffer = device.createBuffer({ label: 'ogcDetection indirect', size: 4 * 3 * DISPATCH_SLOTS, usage: GPUBufferUsage.INDIRECT | GPUBufferUsage.COPY_DST });
    this.gateBuffer = storageBuffer(device, 4 * GATE_WORDS, 0, 'ogcDetection gate');
    this.controlBuffer = storageBuffer(device, 16 * 64, 0, 'ogcDetection control entries');
    this.frameBuffer = storageBuffer(device, 4 * 6 * P, 0, 'ogcDetection frame inputs');
    this.ownCounters = storageBuffer(device, 16, 0, 'ogcDetection counters stand-in');
    this.countersBuffer = this.ownCounters;
    this.totalsBuffer = device.createBuffer({ label: 'ogcDetection totals', size: 4 * GATE_WORDS, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
    this.paramsBuffer = device.createBuffer({ label: 'ogcDetection params', size: PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.planeCount = Math.floor((options.planes?.length ?? 0) / 4);
    this.capacity.pointEntries = 8 * T;
    this.capacity.edgeEntries = 8 * E;
    this.capacity.pointAnswers = 16 * P;
    this.capacity.edgeAnswers = 32 * E;
    for (const [name, value] of Object.entries(options.capacity ?? {}) as [keyof DetectionCapacity, number][]) {
      if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`GpuOgcDetection: capacity.${name} must be a positive integer, got ${value}`);
      this.capacity[name] = value;
    }
  }

  /**
   * Compiles the kernels, once per device (rejects with the WGSL compiler's message), and makes the detection's
   * buffers for this surface.
   */
  static async create(device: GPUDevice, options: GpuOgcDetectionOptions): Promise<GpuOgcDetection> {
    await GpuOgcDetection.compile(device);
    return GpuOgcDetection.createCompiled(device, options);
  }

  /** Compiles the kernels of a device (once; later calls return the same promise), so createCompiled can run. */
  static compile(device: GPUDevice): Promise<void> {
    let compiled = compiledKernels.get(device);
    if (!compiled) {
      compiled = compileKernels(device);
      compiledKernels.set(device, compiled);
      compiled.then((kernels) => readyKernels.set(device, kernels)).catch(() => compiledKernels.delete(device));
    }
    return compiled.then(() => undefined);
  }

  /**
   * create without waiting, for a caller inside a synchronous step (the VBD stepper with contact).
   * @throws Error when the device's kernels are not compiled yet (await compile first)
   */
  static createCompiled(device: GPUDevice, options: GpuOgcDetectionOptions): GpuOgcDetection {
    const kernels = readyKernels.get(device);
    if (!kernels) throw new Error('GpuOgcDetection: the kernels of this device are not compiled yet (await GpuOgcDetection.compile(device))');
    return new GpuOgcDetection(device, kernels.layout, kernels.pipelines, kernels.hash, options);
  }

  /**
   * Detects the contacts of one instant: uploads the frame, runs the detection (again with larger buffers when a
   * capacity was too small) and reads its totals back.
   *
   * @param frame   the points (or the positions, offsets and collider positions they are made from), the pinned
   *                vertices and the input's points and flags
   * @param timing  phaseTimes: submit each stage alone and time it (wall clock to the queue's completion; for the
   *                bench: the stages then wait for each other, which one command buffer does not)
   * @returns the contacts in the contact binding, with their counts
   */
  async detect(frame: GpuOgcDetectionFrame, timing?: { phaseTimes?: boolean }): Promise<GpuOgcDetectionResult> {
    const device = this.device;
    const P = this.pointCount;
    const V = this.vertexCount;
    if (frame.pinned.length !== V) throw new Error(`GpuOgcDetection: ${frame.pinned.length} pinned flags, expected ${V}`);
    if (frame.reference && frame.reference.length !== 3 * P) throw new Error(`GpuOgcDetection: ${frame.reference.length / 3} reference points, expected ${P}`);
    if (frame.points ? frame.points.length !== 3 * P : frame.positions?.length !== 3 * V) throw new Error(`GpuOgcDetection: give ${P} points or ${V} positions`);
    this.writeFlags(frame.pinned, frame.regions, frame.untangle);
    const points32 = new Float32Array(6 * P);
    if (frame.points) points32.set(frame.points);
    if (frame.reference) points32.set(frame.reference, 3 * P);
    if (P > 0) device.queue.writeBuffer(this.pointBuffer, 0, points32);
    if (frame.positions && V > 0) device.queue.writeBuffer(this.positionBuffer, 0, Float32Array.from(frame.positions));
    // The tables' cells, once, from the first points the host can see (from the positions: Σ w x + offset).
    if (!this.cells) this.cells = this.cellSizes(frame.points ?? this.hostPoints(frame.positions!, frame.pointOffsets, frame.obstaclePositions));
    // One control entry: a substep's start (the gate opens).
    device.queue.writeBuffer(this.controlBuffer, 0, new Uint32Array([GATE_MODE.substepStart, 0, 0, 0]));
    const flags = (frame.reference ? 2 : 0) | (frame.regions ? 4 : 0) | (frame.untangle ? 8 : 0) | (frame.points ? 0 : 32);

    for (let runs = 1; ; runs++) {
      const sized = this.ensureSized();
      this.writeContactInputs(frame.pointOffsets, frame.obstaclePositions, frame.pointTargets);
      this.writeParams(flags);
      const totals = this.totalsBuffer;
      // The detection's stages after the gate (control entry 0), in one command buffer (or one each, timed, with
      // `phaseTimes`); the gate's words cleared first, so its totals are this run's.
      const stages = this.stages(false, 0);
      let phaseTimes: DetectionPhaseTimes | undefined;
      if (timing?.phaseTimes) {
        phaseTimes = { pointsAndBoxes: 0, broadPhase: 0, pairs: 0, gatherLists: 0 };
        await device.queue.onSubmittedWorkDone();
        for (const [name, record] of stages) {
          const start = performance.now();
          const encoder = device.createCommandEncoder({ label: `ogcDetection ${name}` });
          record(encoder);
          device.queue.submit([encoder.finish()]);
          await device.queue.onSubmittedWorkDone();
          phaseTimes[name] = performance.now() - start;
        }
      } else {
        const encoder = device.createCommandEncoder({ label: 'ogcDetection' });
        for (const [, record] of stages) record(encoder);
        device.queue.submit([encoder.finish()]);
      }
      const encoder = device.createCommandEncoder({ label: 'ogcDetection totals' });
      encoder.copyBufferToBuffer(this.gateBuffer, 0, totals, 0, 4 * GATE_WORDS);
      device.queue.submit([encoder.finish()]);
      const stats = detectionStats(new Uint32Array(await readBuffer(device, totals, 4 * GATE_WORDS)));
      if (!this.grow(stats)) {
        const contactBuffer = sized.contact;
        const { contacts: contactCount, entries, pointAnswers, edgeAnswers } = stats.largest;
        return { contactBuffer, contactCount, entries, inputExcluded: stats.inputExcluded, candidates: [pointAnswers, edgeAnswers], runs, phaseTimes, read: () => this.read(contactBuffer, contactCount, entries) };
      }
    }
  }

  // ---- the step's orchestration (kernels/vbd createGpuVbdStepper with contact) ----

  /** The contact binding (made with the capacities; a new buffer when one grew: a stepper binding it binds it again). */
  get contactBuffer(): GPUBuffer {
    return this.ensureSized().contact;
  }

  /**
   * Binds a VBD step: its counters (the gate reads counters[2], the truncated count). The gate also writes whether it
   * opened into the contact binding's header (contactData.wgsl's CONTACT_GATE_OPEN), which the step's
   * detectionStateNow reads.
   */
  attachStep(counters: GPUBuffer): void {
    this.countersBuffer = counters;
    if (this.sized) this.destroySized();
  }

  /**
   * One step call's inputs (ogcContact's frame and the call's pins), uploaded: the kinematic flags, the input's flags,
   * the points' offsets and targets, the colliders' and the input's points at the call's start and end, and the
   * control entries its gates copy in (16 bytes each: mode, γ_e threshold (f32), α (f32), α_before (f32)).
   */
  setCall(call: GpuOgcStepCall): void {
    const device = this.device;
    const S = this.surfacePointCount;
    const O = this.pointCount - S;
    this.writeFlags(call.pinned, call.regions ?? undefined, call.untangle ?? undefined);
    if (!this.cells) this.cells = this.cellSizes(this.hostPoints(call.cellPositions, call.pointOffsets, call.obstacleEnd));
    const frame = new Float32Array(6 * this.pointCount);
    const put = (values: ArrayLike<number>, at: number, n: number): void => {
      for (let k = 0; k < n; k++) frame[at + k] = values[k];
    };
    if (call.obstacleStart) put(call.obstacleStart, 0, 3 * O);
    if (call.obstacleEnd) put(call.obstacleEnd, 3 * O, 3 * O);
    if (call.referenceStart && call.referenceEnd) {
      put(call.referenceStart, 6 * O, 3 * S);
      put(call.referenceEnd, 6 * O + 3 * S, 3 * S);
    }
    if (frame.length > 0) device.queue.writeBuffer(this.frameBuffer, 0, frame);
    if (call.control.byteLength > this.controlBuffer.size) {
      this.controlBuffer.destroy();
      this.controlBuffer = storageBuffer(device, 2 * call.control.byteLength, 0, 'ogcDetection control entries');
    }
    device.queue.writeBuffer(this.controlBuffer, 0, call.control);
    this.ensureSized();
    this.writeContactInputs(call.pointOffsets, undefined, call.pointTargets);
    const hasReference = Boolean(call.referenceStart && call.referenceEnd);
    this.writeParams((hasReference ? 2 : 0) | (call.regions ? 4 : 0) | (call.untangle ? 8 : 0) | 32 | FLAG_STEP_INPUTS);
  }

  /**
   * The gate before a detection: copies control entry `entry` into the gate and opens or closes every dispatch of the
   * detection that follows (and marks the contact binding for the step's detectionStateNow).
   */
  encodeGate(encoder: GPUCommandEncoder, entry: number): void {
    const sized = this.ensureSized();
    encoder.copyBufferToBuffer(this.controlBuffer, 16 * entry, this.gateBuffer, 0, 16);
    const pass = encoder.beginComputePass({ label: 'ogcDetection gate' });
    pass.setBindGroup(0, sized.bindGroup);
    pass.setPipeline(this.pipelines.gateDetection);
    pass.dispatchWorkgroups(1);
    pass.end();
    if (this.options.gatedDispatch !== 'direct') encoder.copyBufferToBuffer(this.dispatchBuffer, 0, this.indirectBuffer, 0, 12 * DISPATCH_SLOTS);
  }

  /**
   * A detection, every dispatch sized by the last gate (encodeGate): the positions are the ones in the detection's
   * positions buffer (copyPositions). With `substepInputs` the colliders' and the input's points are first set to the
   * substep's (from the gate's α, α_before).
   */
  encodeDetection(encoder: GPUCommandEncoder, substepInputs: boolean): void {
    for (const [, record] of this.stages(substepInputs)) record(encoder);
  }

  /** Copies #V×3 f32 positions from `source` (at byte `offset`) into the positions the next detection reads. */
  copyPositions(encoder: GPUCommandEncoder, source: GPUBuffer, offset: number): void {
    if (this.vertexCount > 0) encoder.copyBufferToBuffer(source, offset, this.positionBuffer, 0, 12 * this.vertexCount);
  }

  /** Copies the gate's words (GATE_WORDS u32: the sums and largest totals since the last clear) into `target`, then clears them. */
  encodeStats(encoder: GPUCommandEncoder, target: GPUBuffer, offset: number): void {
    encoder.copyBufferToBuffer(this.gateBuffer, 0, target, offset, 4 * GATE_WORDS);
    encoder.clearBuffer(this.gateBuffer);
  }

  /** Bytes encodeStats copies. */
  static readonly statsBytes = 4 * GATE_WORDS;

  /**
   * After the gate's words were read: when a total was over its capacity, grows the capacities (1.5× the need, at
   * least doubled) and drops the sized buffers (made again on next use, with a new contact binding); returns whether
   * it grew (the work since the words were cleared must then be run again).
   */
  grow(stats: GpuOgcDetectionStats): boolean {
    const c = this.capacity;
    const l = stats.largest;
    const over = l.contacts > c.contacts || l.entries > c.entries || l.pointEntries > c.pointEntries || l.edgeEntries > c.edgeEntries || l.pointAnswers > c.pointAnswers || l.edgeAnswers > c.edgeAnswers;
    if (!over) return false;
    const grow = (current: number, needed: number): number => (needed > current ? Math.max(2 * current, Math.ceil(1.5 * needed)) : current);
    c.contacts = grow(c.contacts, l.contacts);
    c.entries = grow(c.entries, Math.max(l.entries, 4 * l.contacts));
    c.pointEntries = grow(c.pointEntries, l.pointEntries);
    c.edgeEntries = grow(c.edgeEntries, l.edgeEntries);
    c.pointAnswers = grow(c.pointAnswers, l.pointAnswers);
    c.edgeAnswers = grow(c.edgeAnswers, l.edgeAnswers);
    this.destroySized();
    return true;
  }

  /**
   * The detection's stages, each recording into an encoder: the first with the gated substep inputs when asked, and
   * after the gate's words cleared and a gate of control entry `gateEntry` when given (a standalone detection).
   */
  private stages(substepInputs: boolean, gateEntry?: number): [keyof DetectionPhaseTimes, (encoder: GPUCommandEncoder) => void][] {
    const sized = this.ensureSized();
    // Indirect from the gated sizes, or (gatedDispatch 'direct', see GpuOgcDetectionOptions) direct at each slot's
    // largest size, the kernels returning outside the size the gate and the sizing kernels wrote.
    const direct = this.options.gatedDispatch === 'direct';
    const gated = (pass: GPUComputePassEncoder, entryPoint: EntryPoint, slot: number): void => {
      if (!direct) {
        pass.setPipeline(this.pipelines[entryPoint]);
        pass.dispatchWorkgroupsIndirect(this.indirectBuffer, 12 * slot);
        return;
      }
      const [x, y] = [sized.largestSizes[3 * slot], sized.largestSizes[3 * slot + 1]];
      if (x === 0) return;
      pass.setPipeline(this.pipelines[entryPoint]);
      pass.dispatchWorkgroups(x, y);
    };
    const computePass = (encoder: GPUCommandEncoder, label: string, record: (pass: GPUComputePassEncoder) => void): void => {
      const pass = encoder.beginComputePass({ label });
      pass.setBindGroup(0, sized.bindGroup);
      record(pass);
      pass.end();
    };
    return [
      ['pointsAndBoxes', (encoder) => {
        if (gateEntry !== undefined) {
          encoder.clearBuffer(this.gateBuffer);
          this.encodeGate(encoder, gateEntry);
        }
        computePass(encoder, 'ogcDetection points and boxes', (pass) => {
          if (substepInputs) gated(pass, 'substepInputs', SLOT.points);
          gated(pass, 'contactPoints', SLOT.points);
          gated(pass, 'contactBoxes', SLOT.boxes);
        });
      }],
      ['broadPhase', (encoder) => {
        sized.pointTable.encode(encoder, direct ? undefined : { buffer: this.indirectBuffer, offset: 12 * SLOT.pointTable });
        sized.edgeTable.encode(encoder, direct ? undefined : { buffer: this.indirectBuffer, offset: 12 * SLOT.edgeTable });
        // each table's entry total, for recordDetection
        encoder.copyBufferToBuffer(sized.pointTable.buckets, sized.pointTable.entriesTotalOffset, this.gateBuffer, 4 * GATE.pointTableEntries, 4);
        encoder.copyBufferToBuffer(sized.edgeTable.buckets, sized.edgeTable.entriesTotalOffset, this.gateBuffer, 4 * GATE.edgeTableEntries, 4);
      }],
      ['pairs', (encoder) => {
        // The sizes the GPU computes go through a copy into the indirect buffer (a buffer bound as storage cannot be
        // read as indirect arguments in the same dispatch), between passes; direct dispatches read them in the kernels.
        computePass(encoder, 'ogcDetection pair sizes', (pass) => {
          gated(pass, 'clearDetection', SLOT.clear);
          gated(pass, 'sizePairDispatches', SLOT.single);
        });
        if (!direct) encoder.copyBufferToBuffer(this.dispatchBuffer, 0, this.indirectBuffer, 0, 24);
        computePass(encoder, 'ogcDetection contacts', (pass) => {
          gated(pass, 'pointTriangleContacts', SLOT.pointTriangle);
          gated(pass, 'edgeEdgeContacts', SLOT.edgeEdge);
          gated(pass, 'unaryContacts', SLOT.surface);
          gated(pass, 'pointLimits', SLOT.surface);
          gated(pass, 'sizeEntryDispatches', SLOT.single);
        });
        if (!direct) encoder.copyBufferToBuffer(this.dispatchBuffer, 24, this.indirectBuffer, 24, 12);
      }],
      ['gatherLists', (encoder) => {
        computePass(encoder, 'ogcDetection gather lists', (pass) => {
          gated(pass, 'countEntries', SLOT.entries);
          gated(pass, 'scanEntries', SLOT.single);
          gated(pass, 'fillEntries', SLOT.entries);
          gated(pass, 'sortEntries', SLOT.vertices);
          gated(pass, 'recordDetection', SLOT.single);
        });
      }],
    ];
  }

  /** The kinematic flags (from the pins) and the input's flags, into detectionWords. */
  private writeFlags(pinned: Uint8Array, regions: Uint32Array | undefined, untangle: Uint8Array | undefined): void {
    const device = this.device;
    const S = this.surfacePointCount;
    const P = this.pointCount;
    const o = this.options;
    if (pinned.length !== this.vertexCount) throw new Error(`GpuOgcDetection: ${pinned.length} pinned flags, expected ${this.vertexCount}`);
    for (let p = 0; p < P; p++) this.kinematic[p] = p < S ? isKinematicPoint(o.pointVertices, o.pointWeights, pinned, p) : 1;
    const flagWords = (flags: Uint8Array | Uint32Array | undefined): Uint32Array<ArrayBuffer> => (flags ? Uint32Array.from(flags.subarray(0, S)) : new Uint32Array(S));
    device.queue.writeBuffer(this.topologyBuffer, 4 * this.sectionStarts.kinematic, this.kinematic);
    if (S > 0) {
      device.queue.writeBuffer(this.topologyBuffer, 4 * this.sectionStarts.regions, flagWords(regions));
      device.queue.writeBuffer(this.topologyBuffer, 4 * this.sectionStarts.untangle, flagWords(untangle));
    }
  }

  /** DetectionParams with these per-call flags (FLAG_REFERENCE, …) and the capacities of the sized buffers. */
  private writeParams(callFlags: number): void {
    const o = this.options;
    const sized = this.ensureSized();
    const params = new ArrayBuffer(PARAMS_BYTES);
    const words = new Uint32Array(params);
    const floats = new Float32Array(params);
    const T = this.triangles.length / 3;
    const E = this.edges.length / 2;
    words.set([this.surfacePointCount, this.pointCount, T, E, this.vertexCount, this.planeCount, this.capacity.contacts, this.capacity.entries, this.device.limits.maxComputeWorkgroupsPerDimension]);
    words[9] = ((o.selfContact ?? true) ? 1 : 0) | ((o.localRings ?? 0) > 0 ? 16 : 0) | callFlags;
    floats[10] = this.radius;
    floats[11] = this.queryRadius;
    floats[12] = o.stiffness;
    floats[13] = this.gammaP;
    const at = sized.at;
    words.set([at.triangleBoxes, at.pointQueries, at.edgeBoxes, at.edgeQueries, at.pointOffsets, at.pointAnswers, at.edgeOffsets, at.edgeAnswers, this.capacity.pointAnswers, this.capacity.edgeAnswers], 14);
    this.device.queue.writeBuffer(this.paramsBuffer, 0, params);
    this.paramsFlags = callFlags;
  }

  /** the per-call flags of the last writeParams (written again when the sized buffers are made anew) */
  private paramsFlags = 0;

  private ensureSized(): SizedBuffers {
    if (!this.sized) {
      this.sized = this.makeSized();
      this.writeParams(this.paramsFlags);
    }
    return this.sized;
  }

  /** Releases the GPU buffers. */
  destroy(): void {
    this.destroySized();
    for (const buffer of [this.topologyBuffer, this.pointBuffer, this.positionBuffer, this.scratchBuffer, this.dispatchBuffer, this.indirectBuffer, this.gateBuffer, this.controlBuffer, this.frameBuffer, this.ownCounters, this.totalsBuffer, this.paramsBuffer]) buffer.destroy();
  }

  private destroySized(): void {
    if (!this.sized) return;
    this.sized.contact.destroy();
    this.sized.broad.destroy();
    this.sized.pointTable.destroy();
    this.sized.edgeTable.destroy();
    this.sized = null;
  }

  /** The buffers the capacities size: the contact binding, the broad buffer's ranges and the two hash tables. */
  private makeSized(): SizedBuffers {
    const device = this.device;
    const P = this.pointCount;
    const T = this.triangles.length / 3;
    const E = this.edges.length / 2;
    const c = this.capacity;
    const contact = this.packContactBuffer();
    // Ranges of broad at the storage offset alignment (the hash binds them).
    const align = device.limits.minStorageBufferOffsetAlignment / 4;
    let words = 0;
    const range = (n: number): number => {
      const start = Math.ceil(words / align) * align;
      words = start + Math.max(n, 1);
      return start;
    };
    const at = {
      triangleBoxes: range(6 * T),
      pointQueries: range(6 * P),
      edgeBoxes: range(6 * E),
      edgeQueries: range(6 * E),
      pointOffsets: range(P + 1),
      pointAnswers: range(c.pointAnswers),
      edgeOffsets: range(E + 1),
      edgeAnswers: range(c.edgeAnswers),
    };
    const broad = storageBuffer(device, 4 * words, 0, 'ogcDetection broad');
    const binding = (start: number, n: number): GPUBufferBinding => ({ buffer: broad, offset: 4 * start, size: 4 * Math.max(n, 1) });
    const [pointCell, edgeCell] = this.cells!;
    // A table over the broad buffer's ranges: boxes at `boxesAt`, queries at `queriesAt`, answers after `offsetsAt`.
    const table = (boxCount: number, queryCount: number, entryCapacity: number, answerCapacity: number, cell: number, boxesAt: number, queriesAt: number, offsetsAt: number, answersAt: number, slot: number): GpuBoxHashTable => {
      let bucketCount = 1;
      while (bucketCount < 2 * Math.max(entryCapacity, 1)) bucketCount *= 2;
      return this.hash.table({
        boxCount,
        queryCount,
        entryCapacity,
        answerCapacity,
        bucketCount,
        inverseCell: Math.fround(1 / cell),
        boxes: binding(boxesAt, 6 * boxCount),
        queries: binding(queriesAt, 6 * queryCount),
        answerOffsets: binding(offsetsAt, queryCount + 1),
        answers: binding(answersAt, answerCapacity),
        // the gated sizes of its slots, which its kernels read (the gate opens or closes the build)
        sizes: { buffer: this.dispatchBuffer, at: 3 * slot },
      });
    };
    const pointTable = table(T, P, c.pointEntries, c.pointAnswers, pointCell, at.triangleBoxes, at.pointQueries, at.pointOffsets, at.pointAnswers, SLOT.pointTable);
    const edgeTable = table(E, E, c.edgeEntries, c.edgeAnswers, edgeCell, at.edgeBoxes, at.edgeQueries, at.edgeOffsets, at.edgeAnswers, SLOT.edgeTable);
    const resources = [contact, this.topologyBuffer, this.pointBuffer, this.scratchBuffer, broad, this.paramsBuffer, this.positionBuffer, this.dispatchBuffer, this.gateBuffer, this.countersBuffer, this.frameBuffer];
    const bindGroup = device.createBindGroup({ label: 'ogcDetection', layout: this.layout, entries: resources.map((buffer, binding) => ({ binding, resource: { buffer } })) });
    // The open sizes the gate copies (the three sized on the GPU stay 0 here).
    const maxX = device.limits.maxComputeWorkgroupsPerDimension;
    const sizes = new Uint32Array(3 * DISPATCH_SLOTS);
    const fixed = (slot: number, groups: [number, number]): void => sizes.set([groups[0], groups[0] === 0 ? 0 : groups[1], 1], 3 * slot);
    const groups = (n: number): [number, number] => foldWorkgroups(Math.ceil(n / WORKGROUP_SIZE), maxX);
    const S = this.surfacePointCount;
    const V = this.vertexCount;
    fixed(SLOT.points, groups(P));
    fixed(SLOT.boxes, groups(Math.max(T, P, E)));
    fixed(SLOT.clear, groups(Math.max(P, E, T, V + 1, SCRATCH_HEADER)));
    fixed(SLOT.single, [1, 1]);
    fixed(SLOT.surface, groups(S));
    fixed(SLOT.vertices, groups(V));
    sizes.set(pointTable.dispatchSizes(), 3 * SLOT.pointTable);
    sizes.set(edgeTable.dispatchSizes(), 3 * SLOT.edgeTable);
    device.queue.writeBuffer(this.dispatchBuffer, 4 * 3 * DISPATCH_SLOTS, sizes);
    // Direct dispatches: the three sized on the GPU at what their capacities allow (sizePairDispatches and
    // sizeEntryDispatches cap them there).
    const largestSizes = sizes.slice();
    largestSizes.set([...groups(c.pointAnswers), 1], 3 * SLOT.pointTriangle);
    largestSizes.set([...groups(c.edgeAnswers), 1], 3 * SLOT.edgeEdge);
    largestSizes.set([...groups(c.contacts), 1], 3 * SLOT.entries);
    return { contact, broad, pointTable, edgeTable, at, bindGroup, largestSizes };
  }

  /**
   * Each table's cell [m], as the CPU hash sizes it: the mean largest extent of its boxes (triangles grown by r_q,
   * edges by r_q/2) at these points.
   */
  private cellSizes(points: ArrayLike<number>): [number, number] {
    const mean = (list: Uint32Array, size: number, grow: number): number => {
      const count = list.length / size;
      if (count === 0) return 1;
      let sum = 0;
      for (let i = 0; i < count; i++) {
        let extent = 0;
        for (let c = 0; c < 3; c++) {
          let low = Infinity, high = -Infinity;
          for (let k = 0; k < size; k++) {
            const x = points[3 * list[size * i + k] + c];
            low = Math.min(low, x);
            high = Math.max(high, x);
          }
          extent = Math.max(extent, high - low);
        }
        sum += extent + 2 * grow;
      }
      return sum / count || 1;
    };
    return [mean(this.triangles, 3, this.queryRadius), mean(this.edges, 2, 0.5 * this.queryRadius)];
  }

  /** The points made from positions (Σ w x + offset; the colliders' positions), on the host. */
  private hostPoints(positions: ArrayLike<number>, pointOffsets: ArrayLike<number> | undefined, obstaclePositions: ArrayLike<number> | undefined): Float64Array {
    const o = this.options;
    const S = this.surfacePointCount;
    const out = new Float64Array(3 * this.pointCount);
    for (let p = 0; p < S; p++) {
      for (let c = 0; c < 3; c++) {
        let x = pointOffsets ? pointOffsets[3 * p + c] : 0;
        for (let k = 0; k < 4; k++) x += o.pointWeights[4 * p + k] * positions[3 * o.pointVertices[4 * p + k] + c];
        out[3 * p + c] = x;
      }
    }
    if (obstaclePositions) out.set(Array.from(obstaclePositions).slice(0, 3 * (this.pointCount - S)), 3 * S);
    return out;
  }

  /** The points' offsets, the colliders' positions and the pulled points' targets (0 when left out), into the contact binding. */
  private writeContactInputs(pointOffsets: ArrayLike<number> | undefined, obstaclePositions: ArrayLike<number> | undefined, pointTargets: ArrayLike<number> | undefined): void {
    const write = (name: (typeof CONTACT_LAYOUT_FIELDS)[number], values: ArrayLike<number> | undefined, length: number): void => {
      if (length === 0) return;
      const data = new Float32Array(length);
      if (values) data.set(values);
      this.device.queue.writeBuffer(this.sized!.contact, 4 * this.contactHeader[CONTACT_LAYOUT_FIELDS.indexOf(name)], data);
    };
    write('pointOffsets', pointOffsets, 3 * this.surfacePointCount);
    write('obstaclePositions', obstaclePositions, 3 * (this.pointCount - this.surfacePointCount));
    write('pointTargets', pointTargets, 3 * this.surfacePointCount);
  }

  /** The contact binding with room for the capacities: the fixed arrays packed, the contact sections empty. */
  private packContactBuffer(): GPUBuffer {
    const o = this.options;
    const S = this.surfacePointCount;
    const V = this.vertexCount;
    const O = this.pointCount - S;
    const planes = new Float64Array(o.planes?.length ?? 0);
    for (let k = 0; k + 3 < planes.length; k += 4) {
      const length = Math.hypot(o.planes![k], o.planes![k + 1], o.planes![k + 2]);
      if (!(length > 0)) throw new RangeError(`GpuOgcDetection: plane ${k / 4} has a zero normal`);
      for (let m = 0; m < 4; m++) planes[k + m] = o.planes![k + m] / length;
    }
    const bounds = new Float64Array(V).fill(Number.POSITIVE_INFINITY);
    for (let s = 0; s < S; s++) for (let k = 0; k < 4; k++) if (o.pointWeights[4 * s + k] !== 0) bounds[o.pointVertices[4 * s + k]] = 0;
    const data: VbdContactData = {
      simulatedPointCount: S,
      pointVertices: Uint32Array.from(o.pointVertices),
      pointWeights: Float64Array.from(o.pointWeights),
      pointOffsets: new Float64Array(3 * S),
      obstaclePositions: new Float64Array(3 * O),
      obstacleStartPositions: new Float64Array(3 * O),
      planes,
      pointTargets: new Float64Array(3 * S),
      contactCount: 0,
      contactKinds: new Uint8Array(0),
      contactPoints: new Uint32Array(0),
      contactFrictionWeights: new Float64Array(0),
      contactNormals: new Float64Array(0),
      contactNormalForces: new Float64Array(0),
      vertexContactOffsets: new Uint32Array(V + 1),
      vertexContacts: new Uint32Array(0),
      radius: this.radius,
      stiffness: o.stiffness,
      friction: o.friction ?? 0.2,
      frictionVelocity: o.frictionVelocity ?? 0.01,
    };
    const words = packVbdContact(data, this.options.vertexColors, { bounds, pointBounds: new Float64Array(S).fill(Number.POSITIVE_INFINITY), gammaP: this.gammaP }, { contacts: this.capacity.contacts, entries: this.capacity.entries });
    this.contactHeader = words.slice(0, CONTACT_HEADER_WORDS);
    return storageBuffer(this.device, words, 0, 'ogcDetection contacts');
  }

  /** The contact binding's contacts, lists and point limits, read back. */
  private async read(buffer: GPUBuffer, contactCount: number, entries: number): Promise<GpuOgcDetectionContacts> {
    const words = new Uint32Array(await readBuffer(this.device, buffer));
    const floats = new Float32Array(words.buffer);
    const start = (name: (typeof CONTACT_LAYOUT_FIELDS)[number]): number => words[CONTACT_LAYOUT_FIELDS.indexOf(name)];
    const C = contactCount;
    const V = this.vertexCount;
    const S = this.surfacePointCount;
    if (words[CONTACT_LAYOUT_FIELDS.indexOf('contactCount')] !== C || words.length < CONTACT_HEADER_WORDS) throw new Error(`GpuOgcDetection: the binding's contact count ${words[1]} is not the detection's ${C}`);
    const u32 = (name: (typeof CONTACT_LAYOUT_FIELDS)[number], n: number): Uint32Array => words.slice(start(name), start(name) + n);
    const f64 = (name: (typeof CONTACT_LAYOUT_FIELDS)[number], n: number): Float64Array => Float64Array.from(floats.subarray(start(name), start(name) + n));
    return {
      data: {
        contactCount: C,
        contactKinds: Uint8Array.from(u32('contactKinds', C)),
        contactPoints: u32('contactPoints', 4 * C),
        contactFrictionWeights: f64('contactFrictionWeights', 4 * C),
        contactNormals: f64('contactNormals', 3 * C),
        contactNormalForces: f64('contactNormalForces', C),
        vertexContactOffsets: u32('vertexContactOffsets', V + 1),
        vertexContacts: u32('vertexContacts', entries),
      },
      pointLimits: floats.slice(start('pointLimits'), start('pointLimits') + S),
      points: new Float32Array(await readBuffer(this.device, this.pointBuffer, 4 * 3 * this.pointCount)),
    };
  }
}
