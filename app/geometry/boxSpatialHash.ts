import { grownArray } from '../math/index.ts';

/**
 * A broad phase over axis-aligned boxes: build (or refit) once per collision detection, then query many times. Both
 * implementations (boxSpatialHash, boxBvh) write their answers into `candidates`, a buffer they own and grow, so a
 * query allocates nothing and calls no closure.
 */
export interface BoxBroadPhase {
  /** (Re)builds over #N boxes (#N×6: min xyz, max xyz [m]); the boxes array is read again by every query. */
  build(boxes: Float64Array, count: number): void;
  /**
   * Finds every box that overlaps the closed query box [m] (exact box test, each box once): their indices are
   * candidates[0 .. returned count).
   */
  query(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number): number;
  /** the answers of the last query (read them before the next query; the buffer may be replaced as it grows) */
  readonly candidates: Uint32Array;
}

/** A box spanning more than this many cells goes to a short list every query scans (a floor of two triangles). */
const MAX_CELLS_PER_BOX = 512;

/**
 * Uniform-grid spatial hash of axis-aligned boxes (Teschner et al. 2003; seed 001 §3.1's broad phase): every box is
 * entered in each grid cell it overlaps, cells hash into a table of 2^k buckets stored as one CSR array (counts,
 * prefix sum, fill: no per-cell objects), a query visits the buckets of the cells its box overlaps and tests the boxes
 * there exactly, a stamp per box dropping the repeats. The cell size is the mean box extent, so a typical box covers
 * about 8 cells and a point query reads one bucket. Boxes spanning more than 512 cells are kept in a separate list
 * scanned by every query.
 *
 * DESIGN NOTES
 * - Chosen over a refitted BVH (boxBvh) for OGC's queries after measuring both at 5k–50k triangles
 *   (`npm run bench -- contact`, "broadPhase"): docs/contact.md has the numbers.
 * - Maps directly to the GPU (counting sort by cell hash with atomicAdd, then a scan): the same CSR layout.
 *
 * @param capacity  initial number of boxes (the arrays grow on demand)
 * @returns the hash
 */
export function boxSpatialHash(capacity = 1024): BoxBroadPhase {
  let boxes: Float64Array = new Float64Array(0);
  let bucketOffsets = new Uint32Array(1);
  let entries = new Uint32Array(0);
  let bucketMask = 0;
  let inverseCell = 1;
  let large = new Uint32Array(16);
  let largeCount = 0;
  let stamps = new Uint32Array(capacity);
  let stamp = 0;
  let candidates = new Uint32Array(64);

  const hash = (x: number, y: number, z: number): number => (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & bucketMask;
  // The boxes list[from..to) not seen yet in this query (stamped now) that overlap the query box, appended to
  // candidates after the first `found`: returns the new count. The one visit of a bucket, the scan and the large list.
  const appendOverlapping = (
    list: Uint32Array,
    from: number,
    to: number,
    found: number,
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
  ): number => {
    for (let k = from; k < to; k++) {
      const i = list[k];
      if (stamps[i] === stamp) continue;
      stamps[i] = stamp;
      const o = 6 * i;
      if (boxes[o] > maxX || boxes[o + 1] > maxY || boxes[o + 2] > maxZ || boxes[o + 3] < minX || boxes[o + 4] < minY || boxes[o + 5] < minZ) continue;
      if (found === candidates.length) candidates = grownArray(candidates, 2 * found);
      candidates[found++] = i;
    }
    return found;
  };

  return {
    get candidates() {
      return candidates;
    },
    build(input, count) {
      boxes = input;
      if (stamps.length < count) stamps = new Uint32Array(Math.max(count, 2 * stamps.length));
      let extent = 0;
      for (let i = 0; i < count; i++) {
        const o = 6 * i;
        extent += Math.max(input[o + 3] - input[o], input[o + 4] - input[o + 1], input[o + 5] - input[o + 2]);
      }
      const cell = count > 0 && extent > 0 ? extent / count : 1;
      inverseCell = 1 / cell;
      largeCount = 0;
      let total = 0;
      for (let i = 0; i < count; i++) {
        const o = 6 * i;
        const cells =
          (Math.floor(input[o + 3] * inverseCell) - Math.floor(input[o] * inverseCell) + 1) *
          (Math.floor(input[o + 4] * inverseCell) - Math.floor(input[o + 1] * inverseCell) + 1) *
          (Math.floor(input[o + 5] * inverseCell) - Math.floor(input[o + 2] * inverseCell) + 1);
        if (cells > MAX_CELLS_PER_BOX) {
          if (largeCount === large.length) large = grownArray(large, 2 * large.length);
          large[largeCount++] = i;
        } else {
          total += cells;
        }
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
          const x0 = Math.floor(input[o] * inverseCell),
            y0 = Math.floor(input[o + 1] * inverseCell),
            z0 = Math.floor(input[o + 2] * inverseCell);
          const x1 = Math.floor(input[o + 3] * inverseCell),
            y1 = Math.floor(input[o + 4] * inverseCell),
            z1 = Math.floor(input[o + 5] * inverseCell);
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
    query(minX, minY, minZ, maxX, maxY, maxZ) {
      stamp++;
      if (stamp === 0xffffffff) {
        stamps.fill(0);
        stamp = 1;
      }
      let found = 0;
      const x0 = Math.floor(minX * inverseCell),
        y0 = Math.floor(minY * inverseCell),
        z0 = Math.floor(minZ * inverseCell);
      const x1 = Math.floor(maxX * inverseCell),
        y1 = Math.floor(maxY * inverseCell),
        z1 = Math.floor(maxZ * inverseCell);
      if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) <= 4 * MAX_CELLS_PER_BOX) {
        for (let x = x0; x <= x1; x++) {
          for (let y = y0; y <= y1; y++) {
            for (let z = z0; z <= z1; z++) {
              const bucket = hash(x, y, z);
              found = appendOverlapping(entries, bucketOffsets[bucket], bucketOffsets[bucket + 1], found, minX, minY, minZ, maxX, maxY, maxZ);
            }
          }
        }
      } else {
        // A query larger than the grid is worth scanning: every entry once.
        found = appendOverlapping(entries, 0, bucketOffsets[bucketMask + 1], found, minX, minY, minZ, maxX, maxY, maxZ);
      }
      return appendOverlapping(large, 0, largeCount, found, minX, minY, minZ, maxX, maxY, maxZ);
    },
  };
}
