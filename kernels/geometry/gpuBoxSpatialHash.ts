/**
 * TypeScript host of kernels/geometry/boxSpatialHash.wgsl, the GPU twin of app/geometry/boxSpatialHash.ts: a uniform-grid
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
 * - Two ways to use it. `query` is a batch from the host: the cell is the boxes' mean largest extent, as the CPU's,
 *   and the host counts each box's cells with the GPU's f32 arithmetic (cellOf below), so the table (2^k ≥ 2 × cells
 *   buckets) and the entries are sized exactly; the answers are counted in the same encode and, when more than the
 *   first guess (4 a query), the encode runs again with room for them. `table` is a table on the GPU over boxes a
 *   caller's kernels write (the GPU detection, gpuOgcDetection.ts): capacities instead of exact sizes, the totals left
 *   on the GPU for the caller to check.
 * - One compute pass builds the table (count, scan in three dispatches spread over the GPU, fill) and answers the
 *   queries (count, scan, fill).
 * - Everything is f32: boxes are rounded to f32 (a box test at a face may differ from the f64 CPU's by rounding; the
 *   tests give both the same f32 boxes).
 */
import { bufferLayoutEntries } from '../gpu/bufferLayoutEntries.ts';
import { compileComputePipelines } from '../gpu/compileComputePipelines.ts';
import { foldWorkgroups } from '../gpu/foldWorkgroups.ts';
import { readBuffer } from '../gpu/readBuffer.ts';
import { storageBuffer } from '../gpu/storageBuffer.ts';
import { gatedDispatchWgsl } from '../gpu/gatedDispatch.wgsl.ts';
import { workgroupScanWgsl } from '../gpu/workgroupScan.wgsl.ts';
import { boxSpatialHashWgsl } from './boxSpatialHash.wgsl.ts';

const WORKGROUP_SIZE = 64;
const MAX_CELLS_PER_BOX = 512;
/** boxSpatialHash.wgsl's CELL_BITS: an entry is (box << CELL_BITS) | its cell's index in the box's cell range */
const CELL_BITS = 9;
/** so a table holds fewer boxes than this */
const MAX_BOXES = 2 ** (32 - CELL_BITS);
/** boxSpatialHash.wgsl's SCAN_BLOCK: buckets per block of the bucket scan */
const SCAN_BLOCK = 1024;
const PARAMS_BYTES = 32;
const ENTRY_POINTS = ['hashCount', 'blockSums', 'blockScan', 'blockApply', 'hashFill', 'queryCount', 'answerScan', 'queryFill'] as const;
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
    const layout = device.createBindGroupLayout({
      label: 'boxSpatialHash',
      entries: bufferLayoutEntries(['storage', 'storage', 'storage', 'storage', 'storage', 'storage', 'storage', 'uniform', 'read-only-storage']),
    });
    const code = [boxSpatialHashWgsl, workgroupScanWgsl, gatedDispatchWgsl].join('\n');
    return new GpuBoxSpatialHash(device, layout, await compileComputePipelines(device, 'boxSpatialHash', code, layout, ENTRY_POINTS));
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
      const cells =
        (cellOf(boxes32[o + 3]) - cellOf(boxes32[o]) + 1) *
        (cellOf(boxes32[o + 4]) - cellOf(boxes32[o + 1]) + 1) *
        (cellOf(boxes32[o + 5]) - cellOf(boxes32[o + 2]) + 1);
      if (cells <= MAX_CELLS_PER_BOX) total += cells;
    }
    let bucketCount = 1;
    while (bucketCount < 2 * Math.max(total, 1)) bucketCount *= 2;
    if (options.bucketCount !== undefined) {
      bucketCount = options.bucketCount;
    }
    // Sized exactly (the f32 cells above, the answers after one count), so one encode fills it, or two.
    let answerCapacity = Math.max(1, 4 * Q);
    for (;;) {
      const table = this.table({ boxCount: N, queryCount: Q, entryCapacity: total, answerCapacity, bucketCount, inverseCell });
      try {
        this.device.queue.writeBuffer(table.boxes.buffer, table.boxes.offset ?? 0, boxes32);
        this.device.queue.writeBuffer(table.queries.buffer, table.queries.offset ?? 0, queries32);
        const encoder = device.createCommandEncoder({ label: 'boxSpatialHash query' });
        table.encode(encoder);
        device.queue.submit([encoder.finish()]);
        const offsets = new Uint32Array(await readBuffer(device, table.answerOffsets.buffer, 4 * (Q + 1)));
        const found = offsets[Q];
        if (found <= answerCapacity) return { offsets, answers: new Uint32Array(await readBuffer(device, table.answers.buffer, 4 * found)) };
        answerCapacity = found;
      } finally {
        table.destroy();
      }
    }
  }

  /**
   * A hash table built and queried on the GPU in one encode, over boxes and queries a caller's kernels may write
   * (GPU-resident detection): its buffers, or the caller's ranges for the boxes, queries and answers.
   *
   * @param options  sizes, capacities, the table's bucket count (a power of two) and 1/cell [1/m] (f32), and
   *                 optional buffer ranges (offsets multiples of minStorageBufferOffsetAlignment) to use instead of
   *                 its own: boxes #N×6 f32, queries #Q×6 f32, answerOffsets #Q + 1 u32, answers answerCapacity u32
   * @returns the table (destroy() frees the buffers it made)
   */
  table(options: BoxHashTableOptions): GpuBoxHashTable {
    return new GpuBoxHashTable(this.device, this.layout, this.pipelines, options);
  }
}

/** Sizes and storage of a GpuBoxHashTable. */
export interface BoxHashTableOptions {
  boxCount: number;
  queryCount: number;
  /** room for the (box, cell) entries and for the answers (beyond them the totals still count, nothing is written) */
  entryCapacity: number;
  answerCapacity: number;
  /** a power of two */
  bucketCount: number;
  /** 1 / the cell size [1/m] */
  inverseCell: number;
  boxes?: GPUBufferBinding;
  queries?: GPUBufferBinding;
  answerOffsets?: GPUBufferBinding;
  answers?: GPUBufferBinding;
  /**
   * where the sizes of the table's DISPATCHES dispatches are read on the GPU: a buffer and the word where its (x, y, 1)
   * slots begin, in `encode`'s order (a caller's gate writes them: its open sizes, `dispatchSizes`, or zeros to close
   * the build); default: the table's own buffer holding its open sizes
   */
  sizes?: { buffer: GPUBuffer; at: number };
}

/**
 * One hash table on the GPU: `encode` builds it over the boxes and answers every query (clear, count, scan, fill;
 * queries counted, scanned and filled), in one compute pass after two clears. The totals stay on the GPU:
 * buckets[bucketCount] (entries) and answerOffsets[queryCount] (answers); over a capacity the table wrote what fitted.
 */
export class GpuBoxHashTable {
  /** the dispatches of `encode` (the slots of sizes a caller's gate writes for it) */
  static readonly DISPATCHES = 8;
  readonly boxes: GPUBufferBinding;
  readonly queries: GPUBufferBinding;
  readonly answerOffsets: GPUBufferBinding;
  readonly answers: GPUBufferBinding;
  /** bucketCount + 1 + ⌈bucketCount / 1024⌉ words: after encode, offsets, the entries' total, the scan's block offsets */
  readonly buckets: GPUBuffer;
  /** where in `buckets` the entries' total is (bytes) */
  readonly entriesTotalOffset: number;
  private readonly owned: GPUBuffer[] = [];
  private readonly cursors: GPUBuffer;
  private readonly bindGroup: GPUBindGroup;
  private readonly params: GPUBuffer;

  constructor(
    private readonly device: GPUDevice,
    layout: GPUBindGroupLayout,
    private readonly pipelines: Record<EntryPoint, GPUComputePipeline>,
    private readonly options: BoxHashTableOptions,
  ) {
    const { boxCount: N, queryCount: Q, bucketCount } = options;
    if (!(Number.isInteger(bucketCount) && bucketCount > 0 && (bucketCount & (bucketCount - 1)) === 0))
      throw new Error(`GpuBoxSpatialHash: bucketCount must be a power of two, got ${bucketCount}`);
    if (options.boxCount >= MAX_BOXES) throw new Error(`GpuBoxSpatialHash: at most ${MAX_BOXES - 1} boxes, got ${options.boxCount}`);
    const own = (bytes: number, label: string): GPUBuffer => {
      const buffer = storageBuffer(device, bytes, 0, label);
      this.owned.push(buffer);
      return buffer;
    };
    this.boxes = options.boxes ?? { buffer: own(4 * 6 * N, 'hash boxes') };
    this.queries = options.queries ?? { buffer: own(4 * 6 * Q, 'hash queries') };
    this.answerOffsets = options.answerOffsets ?? { buffer: own(4 * (Q + 1), 'hash answer offsets') };
    this.answers = options.answers ?? { buffer: own(4 * options.answerCapacity, 'hash answers') };
    this.buckets = own(4 * (bucketCount + 1 + blockCount(bucketCount)), 'hash buckets');
    this.entriesTotalOffset = 4 * bucketCount;
    this.cursors = own(4 * (bucketCount + 1 + N), 'hash cursors');
    const entries = own(4 * options.entryCapacity, 'hash entries');
    this.params = device.createBuffer({ label: 'hash params', size: PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.owned.push(this.params);
    const sizes = options.sizes ?? { buffer: own(4 * 3 * GpuBoxHashTable.DISPATCHES, 'hash dispatch sizes'), at: 0 };
    if (!options.sizes) device.queue.writeBuffer(sizes.buffer, 0, Uint32Array.from(this.dispatchSizes()));
    const data = new ArrayBuffer(PARAMS_BYTES);
    const words = new Uint32Array(data);
    words[0] = N;
    words[1] = Q;
    words[2] = bucketCount - 1;
    new Float32Array(data)[3] = options.inverseCell;
    words[4] = device.limits.maxComputeWorkgroupsPerDimension;
    words[5] = options.answerCapacity;
    words[6] = options.entryCapacity;
    words[7] = sizes.at;
    device.queue.writeBuffer(this.params, 0, data);
    const resources: GPUBufferBinding[] = [
      this.boxes,
      this.queries,
      { buffer: this.buckets },
      { buffer: this.cursors },
      { buffer: entries },
      this.answerOffsets,
      this.answers,
      { buffer: this.params },
      { buffer: sizes.buffer },
    ];
    this.bindGroup = device.createBindGroup({ label: 'boxSpatialHash', layout, entries: resources.map((resource, binding) => ({ binding, resource })) });
  }

  /**
   * Builds the table and answers the queries (the caller submits the encoder): the two clears, then the eight
   * dispatches (hashCount, blockSums, blockScan, blockApply, hashFill, queryCount, answerScan, queryFill), each kernel
   * doing only what the sizes on the GPU (`sizes`) hold, so that a caller's gate can close the build.
   *
   * @param indirect  dispatch them indirectly from this buffer (DISPATCHES (x, y, 1) slots from `offset` bytes, the
   *                  gated sizes again, in an INDIRECT buffer); default: directly at their full sizes, a closed gate
   *                  leaving only empty workgroups (Dawn validates every indirect dispatch with a hidden pass, about
   *                  0.4 ms of device time each on NVIDIA GPUs: docs/contact.md)
   */
  encode(encoder: GPUCommandEncoder, indirect?: { buffer: GPUBuffer; offset: number }): void {
    const { boxCount: N, queryCount: Q } = this.options;
    const maxX = this.device.limits.maxComputeWorkgroupsPerDimension;
    const boxGroups = foldWorkgroups(Math.ceil(N / WORKGROUP_SIZE), maxX);
    const queryGroups = foldWorkgroups(Math.ceil(Q / WORKGROUP_SIZE), maxX);
    const blockGroups = foldWorkgroups(blockCount(this.options.bucketCount), maxX);
    encoder.clearBuffer(this.buckets);
    encoder.clearBuffer(this.cursors);
    const pass = encoder.beginComputePass({ label: 'boxSpatialHash' });
    pass.setBindGroup(0, this.bindGroup);
    const steps: [EntryPoint, [number, number]][] = [
      ['hashCount', boxGroups],
      ['blockSums', blockGroups],
      ['blockScan', [1, 1]],
      ['blockApply', blockGroups],
      ['hashFill', boxGroups],
      ['queryCount', queryGroups],
      ['answerScan', [1, 1]],
      ['queryFill', queryGroups],
    ];
    steps.forEach(([entryPoint, groups], k) => {
      if (indirect) {
        pass.setPipeline(this.pipelines[entryPoint]);
        pass.dispatchWorkgroupsIndirect(indirect.buffer, indirect.offset + 12 * k);
      } else if (groups[0] > 0) {
        pass.setPipeline(this.pipelines[entryPoint]);
        pass.dispatchWorkgroups(groups[0], groups[1]);
      }
    });
    pass.end();
  }

  /** The DISPATCHES dispatches' (x, y, 1) sizes of `encode`, in its order (x = 0: nothing to do). */
  dispatchSizes(): number[] {
    const { boxCount: N, queryCount: Q } = this.options;
    const maxX = this.device.limits.maxComputeWorkgroupsPerDimension;
    const boxGroups = foldWorkgroups(Math.ceil(N / WORKGROUP_SIZE), maxX);
    const queryGroups = foldWorkgroups(Math.ceil(Q / WORKGROUP_SIZE), maxX);
    const blockGroups = foldWorkgroups(blockCount(this.options.bucketCount), maxX);
    const sizes: number[] = [];
    for (const groups of [boxGroups, blockGroups, [1, 1], blockGroups, boxGroups, queryGroups, [1, 1], queryGroups])
      sizes.push(groups[0], groups[0] === 0 ? 0 : groups[1], 1);
    return sizes;
  }

  /** Frees the buffers the table made (not the caller's). */
  destroy(): void {
    for (const buffer of this.owned) buffer.destroy();
  }
}

/** The bucket scan's blocks (boxSpatialHash.wgsl's blockCount): one per SCAN_BLOCK buckets, one for a smaller table. */
function blockCount(bucketCount: number): number {
  return Math.max(1, bucketCount / SCAN_BLOCK);
}
