// Generated from workgroupScan.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const workgroupScanWgsl = `// workgroupScan.wgsl: the workgroup half of a one-workgroup exclusive scan, shared by the kernels that scan counts
// into CSR offsets (kernels/geometry/boxSpatialHash.wgsl's blockSums, blockScan, blockApply and answerScan, ogcDetection.wgsl's
// scanEntries).
// Each of SCAN_SIZE invocations sums a contiguous chunk of the counts into chunkSums[local]; scanChunkSums turns those
// into inclusive prefix sums (Hillis–Steele in workgroup memory); each invocation then rewrites its chunk from
// chunkSums[local] − its own sum. The chunk loops stay in each kernel: core WGSL takes no pointer to storage as a
// function argument, so they are written once per binding.

const SCAN_SIZE: u32 = 256u;

var<workgroup> chunkSums: array<u32, SCAN_SIZE>;

fn scanChunkSums(local: u32) {
  workgroupBarrier();
  for (var stride = 1u; stride < SCAN_SIZE; stride = stride * 2u) {
    var add = 0u;
    if (local >= stride) {
      add = chunkSums[local - stride];
    }
    workgroupBarrier();
    chunkSums[local] += add;
    workgroupBarrier();
  }
}
`;
