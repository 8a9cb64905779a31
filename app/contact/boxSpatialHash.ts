/** A spatial hash of boxes (boxSpatialHash): build once per detection, query many times. */
export interface BoxSpatialHash {
  /** (Re)builds the hash over #N boxes (#N×6: min xyz, max xyz [m]); count ≤ the capacity given at creation grows it. */
  build(boxes: Float64Array, count: number): void;
  /**
   * Calls visit(item) once for every box that overlaps the closed query box [m] (exact box test; duplicates removed).
   * Allocation-free.
   */
  query(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, visit: (item: number) => void): void;
  /** cell edge length [m] chosen at the last build */
  readonly cellSize: number;
}

/** A box spanning more than this many cells goes to a short list every query scans (a floor of two triangles). */
const MAX_CELLS_PER_BOX = 512;

/**
 * Uniform-grid spatial hash of axis-aligned boxes (Teschner et al. 2003; seed 001 §3.1's broad phase): every box is
 * entered in each grid cell it overlaps, cells hash into a table of 2^k buckets stored as one CSR array (counts,
 * prefix sum, fill: no per-cell objects), a query visits the buckets of the cells its box overlaps and tests the boxes
 * there exactly. The cell size is the mean box extent, so a typical box covers about 8 cells and a point query reads
 * one bucket. Boxes spanning more than 512 cells are kept in a separate list scanned by every query.
 *
 * DESIGN NOTES
 * - Chosen over a refitted BVH for OGC's queries after measuring both at 5k–50k triangles (bench/contact.bench.ts,
 *   "broad phase"): see docs/contact.md for the numbers.
 * - Maps directly to the GPU (counting sort by cell hash with atomicAdd, then a scan): the same CSR layout.
 *
 * @param capacity  initial number of boxes (the arrays grow on demand)
 * @returns the hash
 */
export function boxSpatialHash(capacity = 1024): BoxSpatialHash {
  let boxes: Float64Array = new Float64Array(0);
  let bucketOffsets = new Uint32Array(1);
  let entries = new Uint32Array(0);
  let bucketMask = 0;
  let cell = 1;
  let inverseCell = 1;
  let large: number[] = [];
  let stamps = new Uint32Array(capacity);
  let stamp = 0;
  // The current query (kept outside query() so it allocates no closure).
  let qx0 = 0, qy0 = 0, qz0 = 0, qx1 = 0, qy1 = 0, qz1 = 0;
  let visitor: (item: number) => void = () => {};
  const test = (i: number): void => {
    if (stamps[i] === stamp) return;
    stamps[i] = stamp;
    const o = 6 * i;
    if (boxes[o] > qx1 || boxes[o + 1] > qy1 || boxes[o + 2] > qz1 || boxes[o + 3] < qx0 || boxes[o + 4] < qy0 || boxes[o + 5] < qz0) return;
    visitor(i);
  };

  const hash = (x: number, y: number, z: number): number => (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & bucketMask;

  const self: BoxSpatialHash = {
    get cellSize() {
      return cell;
    },
    build(input, count) {
      boxes = input;
      if (stamps.length < count) stamps = new Uint32Array(Math.max(count, 2 * stamps.length));
      let extent = 0;
      for (let i = 0; i < count; i++) {
        const o = 6 * i;
        extent += Math.max(input[o + 3] - input[o], input[o + 4] - input[o + 1], input[o + 5] - input[o + 2]);
      }
      cell = count > 0 && extent > 0 ? extent / count : 1;
      inverseCell = 1 / cell;
      large = [];
      let total = 0;
      for (let i = 0; i < count; i++) {
        const cells = cellCount(input, i);
        if (cells > MAX_CELLS_PER_BOX) large.push(i);
        else total += cells;
      }
      let buckets = 1;
      while (buckets < 2 * Math.max(total, 1)) buckets *= 2;
      bucketMask = buckets - 1;
      if (bucketOffsets.length !== buckets + 1) bucketOffsets = new Uint32Array(buckets + 1);
      else bucketOffsets.fill(0);
      if (entries.length < total) entries = new Uint32Array(Math.max(total, 2 * entries.length));
      // Pass 1: counts; pass 2: fill (the offsets double as fill cursors).
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i < count; i++) {
          const o = 6 * i;
          const x0 = Math.floor(input[o] * inverseCell), y0 = Math.floor(input[o + 1] * inverseCell), z0 = Math.floor(input[o + 2] * inverseCell);
          const x1 = Math.floor(input[o + 3] * inverseCell), y1 = Math.floor(input[o + 4] * inverseCell), z1 = Math.floor(input[o + 5] * inverseCell);
          if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > MAX_CELLS_PER_BOX) continue;
          for (let x = x0; x <= x1; x++) {
            for (let y = y0; y <= y1; y++) {
              for (let z = z0; z <= z1; z++) {
                const bucket = hash(x, y, z);
                if (pass === 0) bucketOffsets[bucket + 1]++;
                else entries[bucketOffsets[bucket]++] = i;
              }
            }
          }
        }
        if (pass === 0) {
          for (let b = 0; b < buckets; b++) bucketOffsets[b + 1] += bucketOffsets[b];
        } else {
          // The fill advanced each offset to the next bucket's start: shift back by one bucket.
          for (let b = buckets; b > 0; b--) bucketOffsets[b] = bucketOffsets[b - 1];
          bucketOffsets[0] = 0;
        }
      }
    },
    query(minX, minY, minZ, maxX, maxY, maxZ, visit) {
      stamp++;
      if (stamp === 0xffffffff) {
        stamps.fill(0);
        stamp = 1;
      }
      const x0 = Math.floor(minX * inverseCell), y0 = Math.floor(minY * inverseCell), z0 = Math.floor(minZ * inverseCell);
      const x1 = Math.floor(maxX * inverseCell), y1 = Math.floor(maxY * inverseCell), z1 = Math.floor(maxZ * inverseCell);
      qx0 = minX;
      qy0 = minY;
      qz0 = minZ;
      qx1 = maxX;
      qy1 = maxY;
      qz1 = maxZ;
      visitor = visit;
      if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) <= 4 * MAX_CELLS_PER_BOX) {
        for (let x = x0; x <= x1; x++) {
          for (let y = y0; y <= y1; y++) {
            for (let z = z0; z <= z1; z++) {
              const bucket = hash(x, y, z);
              for (let k = bucketOffsets[bucket], end = bucketOffsets[bucket + 1]; k < end; k++) test(entries[k]);
            }
          }
        }
      } else {
        // A query larger than the grid is worth scanning: every bucket once.
        for (let k = 0, end = bucketOffsets[bucketMask + 1]; k < end; k++) test(entries[k]);
      }
      for (const i of large) test(i);
    },
  };
  return self;

  function cellCount(input: Float64Array, i: number): number {
    const o = 6 * i;
    const nx = Math.floor(input[o + 3] * inverseCell) - Math.floor(input[o] * inverseCell) + 1;
    const ny = Math.floor(input[o + 4] * inverseCell) - Math.floor(input[o + 1] * inverseCell) + 1;
    const nz = Math.floor(input[o + 5] * inverseCell) - Math.floor(input[o + 2] * inverseCell) + 1;
    return nx * ny * nz;
  }
}
