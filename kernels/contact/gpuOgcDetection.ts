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
 * - Shaped as kernels/vbd/stepper: the data is one plain struct (GpuOgcDetectionData, detection/types.ts) and every
 *   step is a function in kernels/contact/detection/ (its README.md maps them); each method here is one call to its
 *   step, and every GPU operation runs in the order it did before the split (the bakes compare byte for byte).
 */
import { compileDetectionKernels, readyDetectionKernels } from './detection/compileDetectionKernels.ts';
import { detectContacts } from './detection/detectContacts.ts';
import { detectionStages } from './detection/detectionStages.ts';
import { destroyDetection } from './detection/destroyDetection.ts';
import { destroySizedBuffers } from './detection/destroySizedBuffers.ts';
import { encodeGate } from './detection/encodeGate.ts';
import { encodePositionsCopy } from './detection/encodePositionsCopy.ts';
import { encodeStats } from './detection/encodeStats.ts';
import { ensureSizedBuffers } from './detection/ensureSizedBuffers.ts';
import { gpuOgcDetectionData } from './detection/gpuOgcDetectionData.ts';
import { growCapacities } from './detection/growCapacities.ts';
import { setStepCall } from './detection/setStepCall.ts';
import type { GpuBoxSpatialHash } from '../geometry/gpuBoxSpatialHash.ts';
import {
  GATE_WORDS,
  type EntryPoint,
  type GpuOgcDetectionData,
  type GpuOgcDetectionFrame,
  type GpuOgcDetectionOptions,
  type GpuOgcDetectionResult,
  type GpuOgcDetectionStats,
  type GpuOgcStepCall,
} from './detection/types.ts';

export { detectionStats } from './detection/detectionStats.ts';
export { GATE_MODE } from './detection/types.ts';
export type {
  DetectionCapacity,
  DetectionPhaseTimes,
  GpuOgcDetectionContacts,
  GpuOgcDetectionFrame,
  GpuOgcDetectionOptions,
  GpuOgcDetectionResult,
  GpuOgcDetectionStats,
  GpuOgcStepCall,
} from './detection/types.ts';

export class GpuOgcDetection {
  private readonly data: GpuOgcDetectionData;

  private constructor(
    device: GPUDevice,
    layout: GPUBindGroupLayout,
    pipelines: Record<EntryPoint, GPUComputePipeline>,
    hash: GpuBoxSpatialHash,
    options: GpuOgcDetectionOptions,
  ) {
    this.data = gpuOgcDetectionData(device, { layout, pipelines, hash }, options);
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
    return compileDetectionKernels(device);
  }

  /**
   * create without waiting, for a caller inside a synchronous step (the VBD stepper with contact).
   * @throws Error when the device's kernels are not compiled yet (await compile first)
   */
  static createCompiled(device: GPUDevice, options: GpuOgcDetectionOptions): GpuOgcDetection {
    const kernels = readyDetectionKernels(device);
    return new GpuOgcDetection(device, kernels.layout, kernels.pipelines, kernels.hash, options);
  }

  /**
   * Detects the contacts of one instant: uploads the frame, runs the detection (again with larger buffers when a
   * capacity was too small) and reads its totals back (detection/detectContacts.ts).
   *
   * @param frame   the points (or the positions, offsets and collider positions they are made from), the pinned
   *                vertices and the input's points and flags
   * @param timing  phaseTimes: submit each stage alone and time it (wall clock to the queue's completion; for the
   *                bench: the stages then wait for each other, which one command buffer does not)
   * @returns the contacts in the contact binding, with their counts
   */
  detect(frame: GpuOgcDetectionFrame, timing?: { phaseTimes?: boolean }): Promise<GpuOgcDetectionResult> {
    return detectContacts(this.data, frame, timing);
  }

  // ---- the step's orchestration (kernels/vbd createGpuVbdStepper with contact) ----

  /** The contact binding (made with the capacities; a new buffer when one grew: a stepper binding it binds it again). */
  get contactBuffer(): GPUBuffer {
    return ensureSizedBuffers(this.data).contact;
  }

  /**
   * Binds a VBD step: its counters (the gate reads counters[2], the truncated count). The gate also writes whether it
   * opened into the contact binding's header (contactData.wgsl's CONTACT_GATE_OPEN), which the step's
   * detectionStateNow reads.
   */
  attachStep(counters: GPUBuffer): void {
    this.data.countersBuffer = counters;
    destroySizedBuffers(this.data);
  }

  /**
   * One step call's inputs (ogcContact's frame and the call's pins), uploaded: the kinematic flags, the input's flags,
   * the points' offsets and targets, the colliders' and the input's points at the call's start and end, and the
   * control entries its gates copy in (16 bytes each: mode, γ_e threshold (f32), α (f32), α_before (f32)).
   */
  setCall(call: GpuOgcStepCall): void {
    setStepCall(this.data, call);
  }

  /**
   * The gate before a detection: copies control entry `entry` into the gate and opens or closes every dispatch of the
   * detection that follows (and marks the contact binding for the step's detectionStateNow).
   */
  encodeGate(encoder: GPUCommandEncoder, entry: number): void {
    encodeGate(this.data, encoder, entry);
  }

  /**
   * A detection, every dispatch sized by the last gate (encodeGate): the positions are the ones in the detection's
   * positions buffer (copyPositions). With `substepInputs` the colliders' and the input's points are first set to the
   * substep's (from the gate's α, α_before).
   */
  encodeDetection(encoder: GPUCommandEncoder, substepInputs: boolean): void {
    for (const [, record] of detectionStages(this.data, substepInputs)) record(encoder);
  }

  /** Copies #V×3 f32 positions from `source` (at byte `offset`) into the positions the next detection reads. */
  copyPositions(encoder: GPUCommandEncoder, source: GPUBuffer, offset: number): void {
    encodePositionsCopy(this.data, encoder, source, offset);
  }

  /** Copies the gate's words (GATE_WORDS u32: the sums and largest totals since the last clear) into `target`, then clears them. */
  encodeStats(encoder: GPUCommandEncoder, target: GPUBuffer, offset: number): void {
    encodeStats(this.data, encoder, target, offset);
  }

  /** Bytes encodeStats copies. */
  static readonly statsBytes = 4 * GATE_WORDS;

  /**
   * After the gate's words were read: when a total was over its capacity, grows the capacities (1.5× the need, at
   * least doubled) and drops the sized buffers (made again on next use, with a new contact binding); returns whether
   * it grew (the work since the words were cleared must then be run again).
   */
  grow(stats: GpuOgcDetectionStats): boolean {
    return growCapacities(this.data, stats);
  }

  /** Releases the GPU buffers. */
  destroy(): void {
    destroyDetection(this.data);
  }
}
