// Generated from gatedDispatch.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const gatedDispatchWgsl = `// gatedDispatch.wgsl: dispatches whose size a kernel reads from a buffer, shared by the gated kernels of
// kernels/contact (ogcDetection.wgsl's fixed slots, boxSpatialHash.wgsl's eight). The host dispatches the open size
// directly; a gate kernel writes the size to use (the open size, or zeros to skip the work), and each kernel returns at
// once in the workgroups outside it: exactly the workgroups an indirect dispatch of that size would run, without the
// hidden pass with which Dawn validates every indirect dispatch (about 0.4 ms of device time each on NVIDIA GPUs;
// docs/contact.md, "Measured on a GPU").

var<workgroup> groupOutside: u32;

// Whether workgroup \`group\` lies outside a dispatch of size.x × size.y workgroups (folded as foldWorkgroups does).
fn outsideDispatch(size: vec2u, group: vec3u) -> bool {
  return group.x >= size.x || group.y >= size.y;
}

// outsideDispatch for kernels with barriers: the same answer, uniform across the workgroup.
fn uniformOutsideDispatch(size: vec2u, group: vec3u, local: u32) -> bool {
  if (local == 0u) {
    groupOutside = select(0u, 1u, outsideDispatch(size, group));
  }
  return workgroupUniformLoad(&groupOutside) != 0u;
}
`;
