/**
 * TypeScript host of kernels/contact/boxSpatialHash.wgsl, the GPU twin of app/contact/boxSpatialHash.ts: a uniform-grid
 * spatial hash of axis-aligned boxes built and queried in one batch, answering for every query box the boxes that
 * overlap it (closed boxes, each once), the CPU's answers. The first piece of OGC's detection on the GPU
 * (docs/contact.md, "Ported so far"); test/kernels/contact/boxSpatialHash.test.ts checks it against the CPU twin.
 *
 * Usage:
 *   const hash = await GpuBoxSpatialHash.create(device);
 *   const { offsets, answers } = await hash.query(boxes, queries);   // #N×6 and #Q×6 (min xyz, max xyz) [m]
 *   // answers[offsets[q] .. offsets[q + 1]) overlap query q, in no particular order
 *
 * DESIGN NOTES
 * - Sizing on the host: the cell is the boxes' mean largest extent, as the CPU's, and the host counts each box's
 *   cells with the GPU's f32 arithmetic (cellOf below), so the table (2^k ≥ 2 × cells buckets) and the entries are
 *   sized exactly. In the detection to come the boxes are computed on the GPU and this sizing becomes a reduction.
 * - One command buffer builds the table (clear, count, scan, fill) and counts and scans the answers; the answers are
 *   written by a second after the host has read their total (one readback, to size the answer buffer).
 * - Everything is f32: boxes are rounded to f32 (a box test at a face may differ from the f64 CPU's by rounding; the
 *   tests give both the same f32 boxes).
 */
import { foldWorkgroups } from '../gpu/foldWorkgroups.ts';
import { readBuffer } from '../gpu/readBuffer.ts';
import { storageBuffer } from '../gpu/storageBuffer.ts';
import { boxSpatialHashWgsl } from './boxSpatialHash.wgsl.ts';

const WORKGROUP_SIZE = 64;
const MAX_CELLS_PER_BOX = 512;
const PARAMS_BYTES = 32;
const ENTRY_POINTS = ['hashCount', 'hashScan', 'hashFill', 'queryCount', 'answerScan', 'queryFill'] as const;
type EntryPoint = (typeof ENTRY_POINTS)[number];

/** The answers of one batch: answers[offsets[q] .. offsets[q + 1]) overlap query q. */
export interface BoxHashAnswers {
  offsets: Uint32Array;
  answers: Uint32Array;
}

export class GpuBoxSpatialHash {
  private constructor(
    private readonly device: GPUDevice,
    private readonly layout: GPUBindGroupLayout,
    private readonly pipelines: Record<EntryPoint, GPUComputePipeline>,
  ) {}

  /** Compiles the kernels (rejects with the WGSL compiler's message). */
  static async create(device: GPUDevice): Promise<GpuBoxSpatialHash> {
    const storage = (binding: number, readOnly: boolean): GPUBindGroupLayoutEntry => ({ binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: readOnly ? 'read-only-storage' : 'storage' } });
    const layout = device.createBindGroupLayout({
      label: 'boxSpatialHash',
      entries: [storage(0, true), storage(1, true), storage(2, false), storage(3, false), storage(4, false), storage(5, false), storage(6, false), { binding: 7, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } }],
    });
    const module = device.createShaderModule({ label: 'boxSpatialHash.wgsl', code: boxSpatialHashWgsl });
    const info = await module.getCompilationInfo();
    const errors = info.messages.filter((m) => m.type === 'error');
    if (errors.length > 0) throw new Error(`boxSpatialHash.wgsl: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`);
    const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
    const entries = await Promise.all(ENTRY_POINTS.map(async (entryPoint) => [entryPoint, await device.createComputePipelineAsync({ label: `boxSpatialHash ${entryPoint}`, layout: pipelineLayout, compute: { module, entryPoint } })] as const));
    return new GpuBoxSpatialHash(device, layout, Object.fromEntries(entries) as Record<EntryPoint, GPUComputePipeline>);
  }

  /**
   * Builds the hash over `boxes` and answers every query box.
   *
   * @param boxes    #N×6 boxes (min xyz, max xyz) [m]
   * @param queries  #Q×6 query boxes [m]
   * @param options  bucketCount: the table's size, a power of two, instead of 2^k ≥ 2 × cells (tests: a tiny table
   *                 puts many cells of one box in one bucket)
   * @returns the answers per query (CSR)
   */
  async query(boxes: ArrayLike<number>, queries: ArrayLike<number>, options: { bucketCount?: number } = {}): Promise<BoxHashAnswers> {
    const device = this.device;
    const N = boxes.length / 6;
    const Q = queries.length / 6;
    const boxes32 = Float32Array.from(boxes);
    const queries32 = Float32Array.from(queries);
    // The CPU's cell (mean largest extent, in f64), then every box's cells counted as the GPU counts them (f32).
    let extent = 0;
    for (let i = 0; i < N; i++) {
      const o = 6 * i;
      extent += Math.max(boxes32[o + 3] - boxes32[o], boxes32[o + 4] - boxes32[o + 1], boxes32[o + 5] - boxes32[o + 2]);
    }
    const cell = N > 0 && extent > 0 ? extent / N : 1;
    const inverseCell = Math.fround(1 / cell);
    const cellOf = (x: number): number => Math.floor(Math.fround(x * inverseCell));
    let total = 0;
    for (let i = 0; i < N; i++) {
      const o = 6 * i;
      const cells = (cellOf(boxes32[o + 3]) - cellOf(boxes32[o]) + 1) * (cellOf(boxes32[o + 4]) - cellOf(boxes32[o + 1]) + 1) * (cellOf(boxes32[o + 5]) - cellOf(boxes32[o + 2]) + 1);
      if (cells <= MAX_CELLS_PER_BOX) total += cells;
    }
    let bucketCount = 1;
    while (bucketCount < 2 * Math.max(total, 1)) bucketCount *= 2;
    if (options.bucketCount !== undefined) {
      if (!(Number.isInteger(options.bucketCount) && options.bucketCount > 0 && (options.bucketCount & (options.bucketCount - 1)) === 0)) throw new Error(`GpuBoxSpatialHash: bucketCount must be a power of two, got ${options.bucketCount}`);
      bucketCount = options.bucketCount;
    }
    const maxX = device.limits.maxComputeWorkgroupsPerDimension;
    const boxGroups = foldWorkgroups(Math.ceil(N / WORKGROUP_SIZE), maxX);
    const queryGroups = foldWorkgroups(Math.ceil(Q / WORKGROUP_SIZE), maxX);

    const owned: GPUBuffer[] = [];
    const own = (buffer: GPUBuffer): GPUBuffer => (owned.push(buffer), buffer);
    try {
      const boxBuffer = own(storageBuffer(device, boxes32, 0, 'hash boxes'));
      const queryBuffer = own(storageBuffer(device, queries32, 0, 'hash queries'));
      const buckets = own(storageBuffer(device, 4 * (bucketCount + 1), 0, 'hash buckets'));
      const cursors = own(storageBuffer(device, 4 * (bucketCount + 1 + N), 0, 'hash cursors'));
      const entries = own(storageBuffer(device, 4 * total, 0, 'hash entries'));
      const answerOffsets = own(storageBuffer(device, 4 * (Q + 1), 0, 'hash answer offsets'));
      let answers = own(storageBuffer(device, 4, 0, 'hash answers'));
      const params = own(device.createBuffer({ label: 'hash params', size: PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST }));
      const writeParams = (groupsX: number, answerCapacity: number): void => {
        const data = new ArrayBuffer(PARAMS_BYTES);
        const words = new Uint32Array(data);
        words[0] = N;
        words[1] = Q;
        words[2] = bucketCount - 1;
        new Float32Array(data)[3] = inverseCell;
        words[4] = groupsX;
        words[5] = answerCapacity;
        device.queue.writeBuffer(params, 0, data);
      };
      const bindGroup = (): GPUBindGroup =>
        device.createBindGroup({ layout: this.layout, entries: [boxBuffer, queryBuffer, buckets, cursors, entries, answerOffsets, answers, params].map((buffer, binding) => ({ binding, resource: { buffer } })) });
      let group = bindGroup();

      // The table and the answer counts. Each dispatch's groupsX goes in the uniform, so boxes and queries take one
      // submit each (their folds may differ).
      const run = (steps: [EntryPoint, [number, number]][], answerCapacity: number): void => {
        for (const [entryPoint, groups] of steps) {
          writeParams(groups[0], answerCapacity);
          const encoder = device.createCommandEncoder({ label: `boxSpatialHash ${entryPoint}` });
          if (entryPoint === 'hashCount') {
            encoder.clearBuffer(buckets);
            encoder.clearBuffer(cursors);
          }
          const pass = encoder.beginComputePass();
          pass.setPipeline(this.pipelines[entryPoint]);
          pass.setBindGroup(0, group);
          if (groups[0] > 0) pass.dispatchWorkgroups(groups[0], groups[1]);
          pass.end();
          device.queue.submit([encoder.finish()]);
        }
      };
      run(
        [
          ['hashCount', boxGroups],
          ['hashScan', [1, 1]],
          ['hashFill', boxGroups],
          ['queryCount', queryGroups],
          ['answerScan', [1, 1]],
        ],
        0,
      );
      const offsets = new Uint32Array(await readBuffer(device, answerOffsets, 4 * (Q + 1)));
      const found = offsets[Q];
      answers.destroy();
      answers = own(storageBuffer(device, 4 * Math.max(1, found), 0, 'hash answers'));
      group = bindGroup();
      run([['queryFill', queryGroups]], found);
      return { offsets, answers: new Uint32Array(await readBuffer(device, answers, 4 * found)) };
    } finally {
      for (const buffer of owned) buffer.destroy();
    }
  }
}
