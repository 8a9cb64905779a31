/**
 * TypeScript host of kernels/contact/ogcDetection.wgsl, the GPU twin of ogcContact's detection (app/contact): for the
 * surface points (and collider points) at one instant, the OGC contacts, each simulation vertex's gather list and
 * each point's bound limit γ_p·d_s, written into a contact binding the VBD step reads (contactData.wgsl,
 * packVbdContact) — the contacts ogcContact with `searchMargin: 0` finds (a full search at every detection).
 * test/kernels/contact/ogcDetection.test.ts checks it against ogcContact.
 *
 * Usage:
 *   const detection = await GpuOgcDetection.create(device, { ...ogcContactOptions, vertexColors: model.vertexColors });
 *   const result = await detection.detect({ points, pinned, reference?, tangled?, untangle? });
 *   // result.contactBuffer: the step's contact binding; result.read(): its contacts and limits on the CPU
 *
 * DESIGN NOTES
 * - Built in steps (docs/contact.md, "Ported so far"). Here the broad phase is GpuBoxSpatialHash's batch query (it
 *   reads its answer count back) with the boxes made on the host, and the points come from the host; the step's
 *   orchestration will make the boxes and points on the GPU and keep the candidates there.
 * - Capacities: the contact binding has room for `contactCapacity` contacts and `entryCapacity` list entries. A
 *   detection that finds more grows them and runs again (the counts are read back after each run).
 * - The topology is contactTopology's, the same lists in the same order as ogcContact's.
 */
import { contactTopology, isKinematicPoint, ringSets } from '../../app/contact/contactTopology.ts';
import type { OgcContactOptions } from '../../app/contact/index.ts';
import type { VbdContactData } from '../../app/solvers/vbd/index.ts';
import { pointTriangleClosestPointWgsl } from '../geometry/pointTriangleClosestPoint.wgsl.ts';
import { segmentSegmentClosestPointsWgsl } from '../geometry/segmentSegmentClosestPoints.wgsl.ts';
import { foldWorkgroups } from '../gpu/foldWorkgroups.ts';
import { readBuffer } from '../gpu/readBuffer.ts';
import { storageBuffer } from '../gpu/storageBuffer.ts';
import { contactActivationWgsl } from '../vbd/contactActivation.wgsl.ts';
import { contactDataWgsl } from '../vbd/contactData.wgsl.ts';
import { CONTACT_HEADER_WORDS, CONTACT_LAYOUT_FIELDS, packVbdContact } from '../vbd/packVbdContact.ts';
import { GpuBoxSpatialHash } from './gpuBoxSpatialHash.ts';
import { ogcDetectionWgsl } from './ogcDetection.wgsl.ts';

const WORKGROUP_SIZE = 64;
const PARAMS_BYTES = 64;
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
  'pointWeightSums',
  'kinematic',
  'tangled',
  'untangle',
] as const;
const HEADER_WORDS = 24;
const ENTRY_POINTS = ['clearDetection', 'pointTriangleContacts', 'edgeEdgeContacts', 'unaryContacts', 'pointLimits', 'countEntries', 'scanEntries', 'fillEntries'] as const;
type EntryPoint = (typeof ENTRY_POINTS)[number];

/** What the detection is built from: ogcContact's options (the search-reuse ones do not apply) and the vertex colors. */
export type GpuOgcDetectionOptions = Omit<OgcContactOptions, 'searchMargin' | 'fullSearchFraction' | 'redetectionFraction'> & {
  /** #V color of each simulation vertex (model.vertexColors: the step's same-color majorizer reads them) */
  vertexColors: ArrayLike<number>;
};

/** One instant's inputs. */
export interface GpuOgcDetectionFrame {
  /** #P×3 the surface points, then the collider points [m] (ogcContact's pointPositions) */
  points: ArrayLike<number>;
  /** #V 1 = pinned simulation vertex */
  pinned: Uint8Array;
  /** #P×3 the same points in the input at this instant (input exclusion; the colliders' are their own) [m] */
  reference?: ArrayLike<number>;
  /** #S 1 = on a triangle that intersects something in the input */
  tangled?: Uint8Array;
  /** #S 1 = pulled toward its target (a pointTarget contact) */
  untangle?: Uint8Array;
}

/** A detection's contacts as the CPU's VbdContactData arrays, with what the truncation reads. */
export interface GpuOgcDetectionContacts {
  data: Pick<VbdContactData, 'contactCount' | 'contactKinds' | 'contactPoints' | 'contactFrictionWeights' | 'contactNormals' | 'contactNormalForces' | 'vertexContactOffsets' | 'vertexContacts'>;
  /** #S γ_p·d_s of each surface point [m] */
  pointLimits: Float32Array;
}

/** What one detection found. */
export interface GpuOgcDetectionResult {
  /** the step's contact binding with this detection's contacts (owned by the detection; valid until its next call) */
  contactBuffer: GPUBuffer;
  contactCount: number;
  /** gather entries, and candidate pairs left out because they are close or tangled in the input */
  entries: number;
  inputExcluded: number;
  /** candidate pairs the broad phase gave (point–triangle, edge–edge) */
  candidates: [number, number];
  /** reads the contacts back */
  read(): Promise<GpuOgcDetectionContacts>;
}

export class GpuOgcDetection {
  private contactCapacity = 256;
  private entryCapacity = 1024;
  private contactBuffer: GPUBuffer | null = null;
  private candidateBuffer: GPUBuffer | null = null;
  private readonly topologyWords: Uint32Array;
  private readonly sectionStarts: Record<(typeof SECTIONS)[number], number>;
  private readonly topologyBuffer: GPUBuffer;
  private readonly pointBuffer: GPUBuffer;
  private readonly scratchBuffer: GPUBuffer;
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
    const weightSums = new Float32Array(S);
    for (let s = 0; s < S; s++) for (let k = 0; k < 4; k++) weightSums[s] += Math.abs(options.pointWeights[4 * s + k]);
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
      pointWeightSums: new Uint32Array(weightSums.buffer),
      kinematic: this.kinematic,
      tangled: new Uint32Array(S),
      untangle: new Uint32Array(S),
    };
    let length = HEADER_WORDS;
    for (const name of SECTIONS) length += sections[name].length;
    this.topologyWords = new Uint32Array(length);
    this.sectionStarts = {} as Record<(typeof SECTIONS)[number], number>;
    let at = HEADER_WORDS;
    SECTIONS.forEach((name, k) => {
      this.topologyWords[k] = at;
      this.sectionStarts[name] = at;
      this.topologyWords.set(sections[name], at);
      at += sections[name].length;
    });
    this.topologyBuffer = storageBuffer(device, this.topologyWords, 0, 'ogcDetection topology');
    this.pointBuffer = storageBuffer(device, 4 * 6 * P, 0, 'ogcDetection points');
    const T = topology.triangleOwner.length;
    const E = topology.edges.length / 2;
    this.scratchBuffer = storageBuffer(device, 4 * (SCRATCH_HEADER + P + E + T + V + 1), 0, 'ogcDetection scratch');
    this.paramsBuffer = device.createBuffer({ label: 'ogcDetection params', size: PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.planeCount = Math.floor((options.planes?.length ?? 0) / 4);
  }

  /** Compiles the kernels (rejects with the WGSL compiler's message). */
  static async create(device: GPUDevice, options: GpuOgcDetectionOptions): Promise<GpuOgcDetection> {
    const storage = (binding: number, readOnly: boolean): GPUBindGroupLayoutEntry => ({ binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: readOnly ? 'read-only-storage' : 'storage' } });
    const layout = device.createBindGroupLayout({
      label: 'ogcDetection',
      entries: [storage(0, false), storage(1, true), storage(2, true), storage(3, false), storage(4, true), { binding: 5, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } }],
    });
    const code = [ogcDetectionWgsl, contactDataWgsl, contactActivationWgsl, pointTriangleClosestPointWgsl, segmentSegmentClosestPointsWgsl].join('\n');
    const module = device.createShaderModule({ label: 'ogcDetection.wgsl', code });
    const info = await module.getCompilationInfo();
    const errors = info.messages.filter((m) => m.type === 'error');
    if (errors.length > 0) throw new Error(`ogcDetection.wgsl: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`);
    const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
    const entries = await Promise.all(ENTRY_POINTS.map(async (entryPoint) => [entryPoint, await device.createComputePipelineAsync({ label: `ogcDetection ${entryPoint}`, layout: pipelineLayout, compute: { module, entryPoint } })] as const));
    const hash = await GpuBoxSpatialHash.create(device);
    return new GpuOgcDetection(device, layout, Object.fromEntries(entries) as Record<EntryPoint, GPUComputePipeline>, hash, options);
  }

  /**
   * Detects the contacts of one instant.
   *
   * @param frame  the points, the pinned vertices and the input's points and flags
   * @returns the contacts in the contact binding, with their counts
   */
  async detect(frame: GpuOgcDetectionFrame): Promise<GpuOgcDetectionResult> {
    const device = this.device;
    const S = this.surfacePointCount;
    const P = this.pointCount;
    const V = this.vertexCount;
    const o = this.options;
    if (frame.points.length !== 3 * P) throw new Error(`GpuOgcDetection: ${frame.points.length / 3} points, expected ${P}`);
    if (frame.pinned.length !== V) throw new Error(`GpuOgcDetection: ${frame.pinned.length} pinned flags, expected ${V}`);
    if (frame.reference && frame.reference.length !== 3 * P) throw new Error(`GpuOgcDetection: ${frame.reference.length / 3} reference points, expected ${P}`);
    for (let p = 0; p < P; p++) this.kinematic[p] = p < S ? isKinematicPoint(o.pointVertices, o.pointWeights, frame.pinned, p) : 1;
    const flagWords = (flags: Uint8Array | undefined): Uint32Array<ArrayBuffer> => (flags ? Uint32Array.from(flags.subarray(0, S)) : new Uint32Array(S));
    device.queue.writeBuffer(this.topologyBuffer, 4 * this.sectionStarts.kinematic, this.kinematic);
    if (S > 0) {
      device.queue.writeBuffer(this.topologyBuffer, 4 * this.sectionStarts.tangled, flagWords(frame.tangled));
      device.queue.writeBuffer(this.topologyBuffer, 4 * this.sectionStarts.untangle, flagWords(frame.untangle));
    }
    const points32 = new Float32Array(6 * P);
    points32.set(frame.points);
    if (frame.reference) points32.set(frame.reference, 3 * P);
    if (P > 0) device.queue.writeBuffer(this.pointBuffer, 0, points32);

    const candidates = await this.candidates(frame.points);
    const pointTrianglePairs = candidates.pointTriangle;
    const edgeEdgePairs = candidates.edgeEdge;
    if (!this.candidateBuffer || this.candidateBuffer.size < 4 * candidates.pairs.length) {
      this.candidateBuffer?.destroy();
      this.candidateBuffer = storageBuffer(device, 4 * Math.max(candidates.pairs.length, 2 * ((this.candidateBuffer?.size ?? 0) / 4)), 0, 'ogcDetection candidates');
    }
    if (candidates.pairs.length > 0) device.queue.writeBuffer(this.candidateBuffer, 0, candidates.pairs);

    const T = this.triangles.length / 3;
    const E = this.edges.length / 2;
    const maxX = device.limits.maxComputeWorkgroupsPerDimension;
    const groups = (n: number): [number, number] => foldWorkgroups(Math.ceil(n / WORKGROUP_SIZE), maxX);
    for (;;) {
      if (!this.contactBuffer) this.contactBuffer = this.packContactBuffer();
      const params = new ArrayBuffer(PARAMS_BYTES);
      const words = new Uint32Array(params);
      const floats = new Float32Array(params);
      words.set([S, P, T, E, V, this.planeCount, pointTrianglePairs, edgeEdgePairs, this.contactCapacity, this.entryCapacity, maxX]);
      words[11] = ((o.selfContact ?? true) ? 1 : 0) | (frame.reference ? 2 : 0) | (frame.tangled ? 4 : 0) | (frame.untangle ? 8 : 0) | ((o.localRings ?? 0) > 0 ? 16 : 0);
      floats[12] = this.radius;
      floats[13] = this.queryRadius;
      floats[14] = o.stiffness;
      floats[15] = this.gammaP;
      device.queue.writeBuffer(this.paramsBuffer, 0, params);
      const bindGroup = device.createBindGroup({
        layout: this.layout,
        entries: [this.contactBuffer, this.topologyBuffer, this.pointBuffer, this.scratchBuffer, this.candidateBuffer, this.paramsBuffer].map((buffer, binding) => ({ binding, resource: { buffer } })),
      });
      const encoder = device.createCommandEncoder({ label: 'ogcDetection' });
      const pass = encoder.beginComputePass({ label: 'ogcDetection' });
      pass.setBindGroup(0, bindGroup);
      const dispatch = (entryPoint: EntryPoint, shape: [number, number]): void => {
        if (shape[0] === 0) return;
        pass.setPipeline(this.pipelines[entryPoint]);
        pass.dispatchWorkgroups(shape[0], shape[1]);
      };
      // Counts of contacts are known only on the GPU: the per-contact kernels run over the capacity and stop at the count.
      dispatch('clearDetection', groups(Math.max(P, E, T, V + 1, SCRATCH_HEADER)));
      dispatch('pointTriangleContacts', groups(pointTrianglePairs));
      dispatch('edgeEdgeContacts', groups(edgeEdgePairs));
      dispatch('unaryContacts', groups(S));
      dispatch('pointLimits', groups(S));
      dispatch('countEntries', groups(this.contactCapacity));
      dispatch('scanEntries', [1, 1]);
      dispatch('fillEntries', groups(this.contactCapacity));
      pass.end();
      device.queue.submit([encoder.finish()]);
      const counts = new Uint32Array(await readBuffer(device, this.scratchBuffer, 4 * SCRATCH_HEADER));
      const [contactCount, inputExcluded, entries] = counts;
      if (contactCount <= this.contactCapacity && entries <= this.entryCapacity) {
        const contactBuffer = this.contactBuffer;
        return {
          contactBuffer,
          contactCount,
          entries,
          inputExcluded,
          candidates: [pointTrianglePairs, edgeEdgePairs],
          read: () => this.read(contactBuffer, contactCount, entries),
        };
      }
      // Too many for the binding: grow it and run again.
      while (this.contactCapacity < contactCount) this.contactCapacity *= 2;
      while (this.entryCapacity < Math.max(entries, 4 * this.contactCapacity)) this.entryCapacity *= 2;
      this.contactBuffer.destroy();
      this.contactBuffer = null;
    }
  }

  /** Releases the GPU buffers. */
  destroy(): void {
    for (const buffer of [this.contactBuffer, this.candidateBuffer, this.topologyBuffer, this.pointBuffer, this.scratchBuffer, this.paramsBuffer]) buffer?.destroy();
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
    const words = packVbdContact(data, this.options.vertexColors, { bounds, pointBounds: new Float64Array(S).fill(Number.POSITIVE_INFINITY), gammaP: this.gammaP }, { contacts: this.contactCapacity, entries: this.entryCapacity });
    return storageBuffer(this.device, words, 0, 'ogcDetection contacts');
  }

  /**
   * The broad phase: every point against the triangles whose boxes, grown by r_q, overlap it, and every free edge
   * (one with a point that is not kinematic) against the edges whose boxes overlap its own, both grown by r_q/2.
   * The growths take a relative 1e-5 more, so that rounding the boxes to f32 loses no pair within r_q.
   */
  private async candidates(points: ArrayLike<number>): Promise<{ pairs: Uint32Array<ArrayBuffer>; pointTriangle: number; edgeEdge: number }> {
    const P = this.pointCount;
    const triangles = this.triangles;
    const edges = this.edges;
    const T = triangles.length / 3;
    const E = edges.length / 2;
    const grow = this.queryRadius * (1 + 1e-5);
    const boxesOf = (list: Uint32Array, size: number, count: number, margin: number, keep?: (i: number) => boolean): { boxes: Float64Array; items: number[] } => {
      const boxes: number[] = [];
      const items: number[] = [];
      for (let i = 0; i < count; i++) {
        if (keep && !keep(i)) continue;
        const lo = [Infinity, Infinity, Infinity];
        const hi = [-Infinity, -Infinity, -Infinity];
        for (let k = 0; k < size; k++) {
          const p = list[size * i + k];
          for (let c = 0; c < 3; c++) {
            lo[c] = Math.min(lo[c], points[3 * p + c]);
            hi[c] = Math.max(hi[c], points[3 * p + c]);
          }
        }
        boxes.push(lo[0] - margin, lo[1] - margin, lo[2] - margin, hi[0] + margin, hi[1] + margin, hi[2] + margin);
        items.push(i);
      }
      return { boxes: Float64Array.from(boxes), items };
    };
    const pointList = Uint32Array.from({ length: P }, (_, p) => p);
    const pairs: number[] = [];
    const triangleBoxes = boxesOf(triangles, 3, T, grow);
    const pointBoxes = boxesOf(pointList, 1, P, 0);
    if (T > 0 && P > 0) {
      const { offsets, answers } = await this.hash.query(triangleBoxes.boxes, pointBoxes.boxes);
      for (let p = 0; p < P; p++) for (let k = offsets[p]; k < offsets[p + 1]; k++) pairs.push(p, answers[k]);
    }
    const pointTriangle = pairs.length / 2;
    const edgeBoxes = boxesOf(edges, 2, E, 0.5 * grow);
    const freeEdges = boxesOf(edges, 2, E, 0.5 * grow, (e) => this.kinematic[edges[2 * e]] === 0 || this.kinematic[edges[2 * e + 1]] === 0);
    if (freeEdges.items.length > 0) {
      const { offsets, answers } = await this.hash.query(edgeBoxes.boxes, freeEdges.boxes);
      freeEdges.items.forEach((e, q) => {
        for (let k = offsets[q]; k < offsets[q + 1]; k++) pairs.push(e, answers[k]);
      });
    }
    return { pairs: Uint32Array.from(pairs), pointTriangle, edgeEdge: pairs.length / 2 - pointTriangle };
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
    };
  }
}
