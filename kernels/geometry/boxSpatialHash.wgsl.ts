// Generated from boxSpatialHash.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const boxSpatialHashWgsl = `// boxSpatialHash.wgsl: WGSL twin of app/geometry/boxSpatialHash.ts (Teschner et al. 2003's uniform-grid spatial hash
// of axis-aligned boxes, seed 001 §3.1's broad phase), built and queried in batches: every box is entered in each grid
// cell it overlaps, cells hash into a table of 2^k buckets stored as one CSR array (count, scan, fill: the CPU's two
// passes, the fill by atomic cursors), and a query visits the buckets of its cells and tests the boxes there exactly.
// Boxes spanning more than MAX_CELLS_PER_BOX cells go to a list every query scans; a query spanning more than four
// times that tests every box. The answers are the CPU's: every box that overlaps the closed query box, each once.
//
// Each once, without the CPU's stamps: box i is reported from cell c only when c is the first cell (the largest
// lower corner) of the overlap of i's cell range and the query's, and only from i's entry for c itself: an entry is
// (i << CELL_BITS) | the index of its cell in i's own cell range, so the cells of i (or of other boxes) that hash into
// the same bucket are passed over without a look at the rest of the bucket. Overlapping boxes have overlapping cell
// ranges, so that cell is visited exactly once. Hence at most 2^(32 − CELL_BITS) boxes (the host checks).
//
// Cells: floor(x · inverseCell) in f32. Capacities: the entries and the answers are written up to entryCapacity and
// answerCapacity; the totals (buckets[bucketCount], answerOffsets[queryCount]) are counted whole, so a host that finds
// them over capacity grows the buffers and runs again (gpuBoxSpatialHash.ts sizes a batch exactly, with the same f32
// cell arithmetic; a table whose boxes the GPU makes learns its sizes from the totals).
//
// Entry points, one invocation per box or per query, WORKGROUP_SIZE per workgroup, folded into (x, y) by groupsX:
//   hashCount    per box: the bucket counts (atomicAdd), or the box into the large list
//   blockSums    per block of SCAN_BLOCK buckets (a workgroup of SCAN_SIZE): its count into the block sums
//   blockScan    one workgroup: block sums → block offsets (exclusive; offsets[bucketCount] = entries)
//   blockApply   per block: bucket counts → offsets, from the block's offset (the three: a scan of 2^k buckets in
//                three dispatches whose work is spread over the whole GPU; one workgroup looping over a million
//                buckets took about 3.5 ms a table on an H100: docs/contact.md, "Measured on a GPU")
//   hashFill     per box: its entries, at offsets[bucket] + atomicAdd(cursor[bucket])
//   queryCount   per query: the number of answers into answerOffsets[q]
//   answerScan   one workgroup: answer counts → offsets
//   queryFill    per query: its answers at answers[answerOffsets[q] ..]

const WORKGROUP_SIZE: u32 = 64u;
const MAX_CELLS_PER_BOX: i32 = 512;
// an entry's low bits: the index of its cell in its box's cell range (< MAX_CELLS_PER_BOX)
const CELL_BITS: u32 = 9u;
// buckets per block of the bucket scan: SCAN_SIZE invocations (workgroupScan.wgsl) of SCAN_ITEMS each
const SCAN_ITEMS: u32 = 4u;
const SCAN_BLOCK: u32 = SCAN_SIZE * SCAN_ITEMS;

struct HashParams {
  boxCount: u32,
  queryCount: u32,
  bucketMask: u32,
  inverseCell: f32,
  groupsX: u32,
  answerCapacity: u32,
  entryCapacity: u32,
  // the word in \`sizes\` where this table's DISPATCHES slots of (x, y, 1) begin
  sizesAt: u32,
}

// boxes and queries are read-write (only read here) so that a caller may bind them, with the answers, as ranges of one
// buffer its own kernels write (a buffer bound read-only and writable in one dispatch is a usage conflict)
@group(0) @binding(0) var<storage, read_write> boxes: array<f32>;
@group(0) @binding(1) var<storage, read_write> queries: array<f32>;
// bucketCount + 1 + blockCount words: counts, then (after blockApply) offsets; the entries' total; the block sums
@group(0) @binding(2) var<storage, read_write> buckets: array<atomic<u32>>;
// bucketCount fill cursors, then [large count, large boxes …]
@group(0) @binding(3) var<storage, read_write> cursors: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> entries: array<u32>;
// queryCount + 1 words: answer counts, then offsets
@group(0) @binding(5) var<storage, read_write> answerOffsets: array<atomic<u32>>;
@group(0) @binding(6) var<storage, read_write> answers: array<u32>;
@group(0) @binding(7) var<uniform> params: HashParams;
// the sizes of this table's eight dispatches, in the order of the entry points below (x, y, 1 each), so that a
// caller's gate (ogcDetection's) can close the build by writing zeros: the host dispatches each indirectly from a copy
// of them, or directly at its full size with the kernels returning at once outside the size found here (hardware
// adapters: Dawn validates each indirect dispatch with a hidden pass, about 0.4 ms of device time on NVIDIA GPUs;
// docs/contact.md)
@group(0) @binding(8) var<storage, read> sizes: array<u32>;

const DISPATCH_HASH_COUNT: u32 = 0u;
const DISPATCH_BLOCK_SUMS: u32 = 1u;
const DISPATCH_BLOCK_SCAN: u32 = 2u;
const DISPATCH_BLOCK_APPLY: u32 = 3u;
const DISPATCH_HASH_FILL: u32 = 4u;
const DISPATCH_QUERY_COUNT: u32 = 5u;
const DISPATCH_ANSWER_SCAN: u32 = 6u;
const DISPATCH_QUERY_FILL: u32 = 7u;

// The size \`sizes\` holds for dispatch k (kernels/gpu/gatedDispatch.wgsl).
fn dispatchSize(k: u32) -> vec2u {
  let at = params.sizesAt + 3u * k;
  return vec2u(sizes[at], sizes[at + 1u]);
}

fn cellOf(x: f32) -> i32 {
  return i32(floor(x * params.inverseCell));
}

fn boxCells(source: u32, i: u32) -> array<vec3i, 2> {
  var lo: vec3i;
  var hi: vec3i;
  if (source == 0u) {
    lo = vec3i(cellOf(boxes[6u * i]), cellOf(boxes[6u * i + 1u]), cellOf(boxes[6u * i + 2u]));
    hi = vec3i(cellOf(boxes[6u * i + 3u]), cellOf(boxes[6u * i + 4u]), cellOf(boxes[6u * i + 5u]));
  } else {
    lo = vec3i(cellOf(queries[6u * i]), cellOf(queries[6u * i + 1u]), cellOf(queries[6u * i + 2u]));
    hi = vec3i(cellOf(queries[6u * i + 3u]), cellOf(queries[6u * i + 4u]), cellOf(queries[6u * i + 5u]));
  }
  return array<vec3i, 2>(lo, hi);
}

fn cellCount(range: array<vec3i, 2>) -> i32 {
  let n = range[1] - range[0] + vec3i(1);
  // a span that big is large whatever its product (and the product could overflow)
  if (n.x > MAX_CELLS_PER_BOX * 4 || n.y > MAX_CELLS_PER_BOX * 4 || n.z > MAX_CELLS_PER_BOX * 4) {
    return MAX_CELLS_PER_BOX * 4 + 1;
  }
  return n.x * n.y * n.z;
}

// The CPU's hash: (x·73856093 ⊕ y·19349663 ⊕ z·83492791) & mask, in wrapping 32-bit arithmetic.
fn bucketOf(c: vec3i) -> u32 {
  return ((u32(c.x) * 73856093u) ^ (u32(c.y) * 19349663u) ^ (u32(c.z) * 83492791u)) & params.bucketMask;
}

fn overlaps(i: u32, q: u32) -> bool {
  let b = 6u * i;
  let o = 6u * q;
  return !(boxes[b] > queries[o + 3u] || boxes[b + 1u] > queries[o + 4u] || boxes[b + 2u] > queries[o + 5u] || boxes[b + 3u] < queries[o] || boxes[b + 4u] < queries[o + 1u] || boxes[b + 5u] < queries[o + 2u]);
}

fn flatIndex(group: vec3u, local: u32) -> u32 {
  return (group.x + group.y * params.groupsX) * WORKGROUP_SIZE + local;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn hashCount(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(dispatchSize(DISPATCH_HASH_COUNT), group)) {
    return;
  }
  let i = flatIndex(group, local);
  if (i >= params.boxCount) {
    return;
  }
  let range = boxCells(0u, i);
  if (cellCount(range) > MAX_CELLS_PER_BOX) {
    let bucketCount = params.bucketMask + 1u;
    let slot = atomicAdd(&cursors[bucketCount], 1u);
    atomicStore(&cursors[bucketCount + 1u + slot], i);
    return;
  }
  for (var x = range[0].x; x <= range[1].x; x++) {
    for (var y = range[0].y; y <= range[1].y; y++) {
      for (var z = range[0].z; z <= range[1].z; z++) {
        atomicAdd(&buckets[bucketOf(vec3i(x, y, z))], 1u);
      }
    }
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn hashFill(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(dispatchSize(DISPATCH_HASH_FILL), group)) {
    return;
  }
  let i = flatIndex(group, local);
  if (i >= params.boxCount) {
    return;
  }
  let range = boxCells(0u, i);
  if (cellCount(range) > MAX_CELLS_PER_BOX) {
    return;
  }
  for (var x = range[0].x; x <= range[1].x; x++) {
    for (var y = range[0].y; y <= range[1].y; y++) {
      for (var z = range[0].z; z <= range[1].z; z++) {
        let cell = vec3i(x, y, z);
        let bucket = bucketOf(cell);
        let at = atomicLoad(&buckets[bucket]) + atomicAdd(&cursors[bucket], 1u);
        if (at < params.entryCapacity) {
          entries[at] = (i << CELL_BITS) | cellIndex(range, cell);
        }
      }
    }
  }
}

// The index of cell c in the cell range [lo, hi] (x fastest).
fn cellIndex(range: array<vec3i, 2>, c: vec3i) -> u32 {
  let n = range[1] - range[0] + vec3i(1);
  let d = c - range[0];
  return u32(d.x + n.x * (d.y + n.y * d.z));
}

// The scan of the bucket counts into offsets, in three dispatches: each block's sum, the block sums' exclusive scan
// (its total is the entries'), each block's counts scanned from its offset. Blocks are SCAN_BLOCK buckets (one
// block when the table is smaller); the block sums live after the total, at buckets[bucketCount + 1 + b].
fn blockCount() -> u32 {
  return max(1u, (params.bucketMask + 1u) / SCAN_BLOCK);
}

@compute @workgroup_size(SCAN_SIZE)
fn blockSums(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (uniformOutsideDispatch(dispatchSize(DISPATCH_BLOCK_SUMS), group, local)) {
    return;
  }
  let b = group.x + group.y * params.groupsX;
  let n = params.bucketMask + 1u;
  if (b >= blockCount()) {
    return;
  }
  var sum = 0u;
  for (var j = 0u; j < SCAN_ITEMS; j++) {
    let k = b * SCAN_BLOCK + j * SCAN_SIZE + local;
    if (k < n) {
      sum += atomicLoad(&buckets[k]);
    }
  }
  chunkSums[local] = sum;
  scanChunkSums(local);
  if (local == SCAN_SIZE - 1u) {
    atomicStore(&buckets[n + 1u + b], chunkSums[local]);
  }
}

@compute @workgroup_size(SCAN_SIZE)
fn blockScan(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (uniformOutsideDispatch(dispatchSize(DISPATCH_BLOCK_SCAN), group, local)) {
    return;
  }
  let n = params.bucketMask + 1u;
  let blocks = blockCount();
  let chunk = (blocks + SCAN_SIZE - 1u) / SCAN_SIZE;
  let begin = min(local * chunk, blocks);
  let end = min(begin + chunk, blocks);
  var sum = 0u;
  for (var k = begin; k < end; k++) {
    sum += atomicLoad(&buckets[n + 1u + k]);
  }
  chunkSums[local] = sum;
  scanChunkSums(local);
  var running = chunkSums[local] - sum;
  for (var k = begin; k < end; k++) {
    let count = atomicLoad(&buckets[n + 1u + k]);
    atomicStore(&buckets[n + 1u + k], running);
    running += count;
  }
  if (local == SCAN_SIZE - 1u) {
    atomicStore(&buckets[n], chunkSums[local]);
  }
}

@compute @workgroup_size(SCAN_SIZE)
fn blockApply(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (uniformOutsideDispatch(dispatchSize(DISPATCH_BLOCK_APPLY), group, local)) {
    return;
  }
  let b = group.x + group.y * params.groupsX;
  let n = params.bucketMask + 1u;
  if (b >= blockCount()) {
    return;
  }
  let begin = b * SCAN_BLOCK + SCAN_ITEMS * local;
  var counts: array<u32, SCAN_ITEMS>;
  var sum = 0u;
  for (var j = 0u; j < SCAN_ITEMS; j++) {
    if (begin + j < n) {
      counts[j] = atomicLoad(&buckets[begin + j]);
      sum += counts[j];
    }
  }
  chunkSums[local] = sum;
  scanChunkSums(local);
  var running = atomicLoad(&buckets[n + 1u + b]) + chunkSums[local] - sum;
  for (var j = 0u; j < SCAN_ITEMS; j++) {
    if (begin + j < n) {
      atomicStore(&buckets[begin + j], running);
      running += counts[j];
    }
  }
}

// Exclusive scan of the answer counts in place (queryCount + 1 words; the last gets the total), by one workgroup of
// SCAN_SIZE (kernels/gpu/workgroupScan.wgsl): a query count is a few ten thousand, a few hundred words an invocation.
@compute @workgroup_size(SCAN_SIZE)
fn answerScan(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (uniformOutsideDispatch(dispatchSize(DISPATCH_ANSWER_SCAN), group, local)) {
    return;
  }
  let n = params.queryCount;
  let chunk = (n + SCAN_SIZE - 1u) / SCAN_SIZE;
  let begin = min(local * chunk, n);
  let end = min(begin + chunk, n);
  var sum = 0u;
  for (var k = begin; k < end; k++) {
    sum += atomicLoad(&answerOffsets[k]);
  }
  chunkSums[local] = sum;
  scanChunkSums(local);
  var running = chunkSums[local] - sum;
  for (var k = begin; k < end; k++) {
    let count = atomicLoad(&answerOffsets[k]);
    atomicStore(&answerOffsets[k], running);
    running += count;
  }
  if (local == SCAN_SIZE - 1u) {
    atomicStore(&answerOffsets[n], chunkSums[local]);
  }
}

// The answers of query q, counted (write false) or written from answers[at] (write true, at most answerCapacity).
fn visitQuery(q: u32, write: bool, at: u32) -> u32 {
  var found = 0u;
  let range = boxCells(1u, q);
  if (cellCount(range) <= 4 * MAX_CELLS_PER_BOX) {
    for (var x = range[0].x; x <= range[1].x; x++) {
      for (var y = range[0].y; y <= range[1].y; y++) {
        for (var z = range[0].z; z <= range[1].z; z++) {
          let cell = vec3i(x, y, z);
          let bucket = bucketOf(cell);
          let first = atomicLoad(&buckets[bucket]);
          // past entryCapacity the table overflowed (its total, buckets[bucketCount], says so): read no further
          let last = min(atomicLoad(&buckets[bucket + 1u]), params.entryCapacity);
          for (var k = first; k < last; k++) {
            let entry = entries[k];
            let i = entry >> CELL_BITS;
            // only i's entry for this very cell, and only when it is the overlap's first cell
            let own = boxCells(0u, i);
            if (any(max(own[0], range[0]) != cell) || any(cell > own[1]) || cellIndex(own, cell) != (entry & ((1u << CELL_BITS) - 1u))) {
              continue;
            }
            if (!overlaps(i, q)) {
              continue;
            }
            if (write && at + found < params.answerCapacity) {
              answers[at + found] = i;
            }
            found++;
          }
        }
      }
    }
  } else {
    // a query larger than the grid tests every box the buckets hold
    for (var i = 0u; i < params.boxCount; i++) {
      if (cellCount(boxCells(0u, i)) > MAX_CELLS_PER_BOX || !overlaps(i, q)) {
        continue;
      }
      if (write && at + found < params.answerCapacity) {
        answers[at + found] = i;
      }
      found++;
    }
  }
  let bucketCount = params.bucketMask + 1u;
  let largeCount = atomicLoad(&cursors[bucketCount]);
  for (var k = 0u; k < largeCount; k++) {
    let i = atomicLoad(&cursors[bucketCount + 1u + k]);
    if (!overlaps(i, q)) {
      continue;
    }
    if (write && at + found < params.answerCapacity) {
      answers[at + found] = i;
    }
    found++;
  }
  return found;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn queryCount(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(dispatchSize(DISPATCH_QUERY_COUNT), group)) {
    return;
  }
  let q = flatIndex(group, local);
  if (q >= params.queryCount) {
    return;
  }
  atomicStore(&answerOffsets[q], visitQuery(q, false, 0u));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn queryFill(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(dispatchSize(DISPATCH_QUERY_FILL), group)) {
    return;
  }
  let q = flatIndex(group, local);
  if (q >= params.queryCount) {
    return;
  }
  _ = visitQuery(q, true, atomicLoad(&answerOffsets[q]));
}
`;
