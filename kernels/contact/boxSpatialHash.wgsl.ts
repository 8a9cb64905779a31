// Generated from boxSpatialHash.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/wgslModules.test.ts checks they agree).
export const boxSpatialHashWgsl = `// boxSpatialHash.wgsl: WGSL twin of app/contact/boxSpatialHash.ts (Teschner et al. 2003's uniform-grid spatial hash
// of axis-aligned boxes, seed 001 §3.1's broad phase), built and queried in batches: every box is entered in each grid
// cell it overlaps, cells hash into a table of 2^k buckets stored as one CSR array (count, scan, fill: the CPU's two
// passes, the fill by atomic cursors), and a query visits the buckets of its cells and tests the boxes there exactly.
// Boxes spanning more than MAX_CELLS_PER_BOX cells go to a list every query scans; a query spanning more than four
// times that tests every box. The answers are the CPU's: every box that overlaps the closed query box, each once.
//
// Each once, without the CPU's stamps: box i is reported from cell c only when c is the first cell (the largest
// lower corner) of the overlap of i's cell range and the query's, and from the first of i's entries in that cell's
// bucket (several cells of i may hash into one bucket). Overlapping boxes have overlapping cell ranges, so that cell
// is visited exactly once.
//
// Cells: floor(x · inverseCell) in f32. Capacities: the entries and the answers are written up to entryCapacity and
// answerCapacity; the totals (buckets[bucketCount], answerOffsets[queryCount]) are counted whole, so a host that finds
// them over capacity grows the buffers and runs again (gpuBoxSpatialHash.ts sizes a batch exactly, with the same f32
// cell arithmetic; a table whose boxes the GPU makes learns its sizes from the totals).
//
// Entry points, one invocation per box or per query, WORKGROUP_SIZE per workgroup, folded into (x, y) by groupsX:
//   hashCount    per box: the bucket counts (atomicAdd), or the box into the large list
//   hashScan     one workgroup: bucket counts → offsets (exclusive scan; offsets[bucketCount] = entries)
//   hashFill     per box: its entries, at offsets[bucket] + atomicAdd(cursor[bucket])
//   queryCount   per query: the number of answers into answerOffsets[q]
//   answerScan   one workgroup: answer counts → offsets
//   queryFill    per query: its answers at answers[answerOffsets[q] ..]

const WORKGROUP_SIZE: u32 = 64u;
const MAX_CELLS_PER_BOX: i32 = 512;

struct HashParams {
  boxCount: u32,
  queryCount: u32,
  bucketMask: u32,
  inverseCell: f32,
  groupsX: u32,
  answerCapacity: u32,
  entryCapacity: u32,
  pad1: u32,
}

// boxes and queries are read-write (only read here) so that a caller may bind them, with the answers, as ranges of one
// buffer its own kernels write (a buffer bound read-only and writable in one dispatch is a usage conflict)
@group(0) @binding(0) var<storage, read_write> boxes: array<f32>;
@group(0) @binding(1) var<storage, read_write> queries: array<f32>;
// bucketCount + 1 words: counts, then (after hashScan) offsets
@group(0) @binding(2) var<storage, read_write> buckets: array<atomic<u32>>;
// bucketCount fill cursors, then [large count, large boxes …]
@group(0) @binding(3) var<storage, read_write> cursors: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> entries: array<u32>;
// queryCount + 1 words: answer counts, then offsets
@group(0) @binding(5) var<storage, read_write> answerOffsets: array<atomic<u32>>;
@group(0) @binding(6) var<storage, read_write> answers: array<u32>;
@group(0) @binding(7) var<uniform> params: HashParams;

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
        let bucket = bucketOf(vec3i(x, y, z));
        let at = atomicLoad(&buckets[bucket]) + atomicAdd(&cursors[bucket], 1u);
        if (at < params.entryCapacity) {
          entries[at] = i;
        }
      }
    }
  }
}

// Exclusive scan of n counts in place (n + 1 words; word n gets the total), by one workgroup of SCAN_SIZE
// (kernels/gpu/workgroupScan.wgsl). hashScan and answerScan are the same loop over two bindings: core WGSL takes no
// pointer to storage as a function argument, so it is written once per binding.

@compute @workgroup_size(SCAN_SIZE)
fn hashScan(@builtin(local_invocation_index) local: u32) {
  let n = params.bucketMask + 1u;
  let chunk = (n + SCAN_SIZE - 1u) / SCAN_SIZE;
  let begin = min(local * chunk, n);
  let end = min(begin + chunk, n);
  var sum = 0u;
  for (var k = begin; k < end; k++) {
    sum += atomicLoad(&buckets[k]);
  }
  chunkSums[local] = sum;
  scanChunkSums(local);
  var running = chunkSums[local] - sum;
  for (var k = begin; k < end; k++) {
    let count = atomicLoad(&buckets[k]);
    atomicStore(&buckets[k], running);
    running += count;
  }
  if (local == SCAN_SIZE - 1u) {
    atomicStore(&buckets[n], chunkSums[local]);
  }
}

@compute @workgroup_size(SCAN_SIZE)
fn answerScan(@builtin(local_invocation_index) local: u32) {
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
            let i = entries[k];
            if (!overlaps(i, q)) {
              continue;
            }
            // report from the overlap's first cell only, and from i's first entry in this bucket
            let own = boxCells(0u, i);
            if (any(max(own[0], range[0]) != cell)) {
              continue;
            }
            var repeated = false;
            for (var j = first; j < k; j++) {
              if (entries[j] == i) {
                repeated = true;
                break;
              }
            }
            if (repeated) {
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
  let q = flatIndex(group, local);
  if (q >= params.queryCount) {
    return;
  }
  atomicStore(&answerOffsets[q], visitQuery(q, false, 0u));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn queryFill(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  let q = flatIndex(group, local);
  if (q >= params.queryCount) {
    return;
  }
  _ = visitQuery(q, true, atomicLoad(&answerOffsets[q]));
}
`;
