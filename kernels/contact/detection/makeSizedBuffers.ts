import { foldWorkgroups } from '../../gpu/foldWorkgroups.ts';
import { storageBuffer } from '../../gpu/storageBuffer.ts';
import type { GpuBoxHashTable } from '../../geometry/gpuBoxSpatialHash.ts';
import { packContactBuffer } from './packContactBuffer.ts';
import { DISPATCH_SLOTS, SCRATCH_HEADER, SLOT, WORKGROUP_SIZE, type GpuOgcDetectionData, type SizedBuffers } from './types.ts';

/**
 * The buffers the capacities size: the contact binding, the broad buffer's ranges and the two hash tables, the bind
 * group over them, and the dispatch slots' open sizes (uploaded) and largest sizes.
 */
export function makeSizedBuffers(d: GpuOgcDetectionData): SizedBuffers {
  const device = d.device;
  const P = d.pointCount;
  const T = d.triangles.length / 3;
  const E = d.edges.length / 2;
  const c = d.capacity;
  const contact = packContactBuffer(d);
  // Ranges of broad at the storage offset alignment (the hash binds them).
  const align = device.limits.minStorageBufferOffsetAlignment / 4;
  let words = 0;
  const range = (n: number): number => {
    const start = Math.ceil(words / align) * align;
    words = start + Math.max(n, 1);
    return start;
  };
  const at = {
    triangleBoxes: range(6 * T),
    pointQueries: range(6 * P),
    edgeBoxes: range(6 * E),
    edgeQueries: range(6 * E),
    pointOffsets: range(P + 1),
    pointAnswers: range(c.pointAnswers),
    edgeOffsets: range(E + 1),
    edgeAnswers: range(c.edgeAnswers),
  };
  const broad = storageBuffer(device, 4 * words, 0, 'ogcDetection broad');
  const binding = (start: number, n: number): GPUBufferBinding => ({ buffer: broad, offset: 4 * start, size: 4 * Math.max(n, 1) });
  const [pointCell, edgeCell] = d.cells!;
  // A table over the broad buffer's ranges: boxes at `boxesAt`, queries at `queriesAt`, answers after `offsetsAt`.
  const table = (
    boxCount: number,
    queryCount: number,
    entryCapacity: number,
    answerCapacity: number,
    cell: number,
    boxesAt: number,
    queriesAt: number,
    offsetsAt: number,
    answersAt: number,
    slot: number,
  ): GpuBoxHashTable => {
    let bucketCount = 1;
    while (bucketCount < 2 * Math.max(entryCapacity, 1)) bucketCount *= 2;
    return d.hash.table({
      boxCount,
      queryCount,
      entryCapacity,
      answerCapacity,
      bucketCount,
      inverseCell: Math.fround(1 / cell),
      boxes: binding(boxesAt, 6 * boxCount),
      queries: binding(queriesAt, 6 * queryCount),
      answerOffsets: binding(offsetsAt, queryCount + 1),
      answers: binding(answersAt, answerCapacity),
      // the gated sizes of its slots, which its kernels read (the gate opens or closes the build)
      sizes: { buffer: d.dispatchBuffer, at: 3 * slot },
    });
  };
  const pointTable = table(
    T,
    P,
    c.pointEntries,
    c.pointAnswers,
    pointCell,
    at.triangleBoxes,
    at.pointQueries,
    at.pointOffsets,
    at.pointAnswers,
    SLOT.pointTable,
  );
  const edgeTable = table(E, E, c.edgeEntries, c.edgeAnswers, edgeCell, at.edgeBoxes, at.edgeQueries, at.edgeOffsets, at.edgeAnswers, SLOT.edgeTable);
  const resources = [
    contact,
    d.topologyBuffer,
    d.pointBuffer,
    d.scratchBuffer,
    broad,
    d.paramsBuffer,
    d.positionBuffer,
    d.dispatchBuffer,
    d.gateBuffer,
    d.countersBuffer,
    d.frameBuffer,
  ];
  const bindGroup = device.createBindGroup({
    label: 'ogcDetection',
    layout: d.layout,
    entries: resources.map((buffer, binding) => ({ binding, resource: { buffer } })),
  });
  // The open sizes the gate copies (the three sized on the GPU stay 0 here).
  const maxX = device.limits.maxComputeWorkgroupsPerDimension;
  const sizes = new Uint32Array(3 * DISPATCH_SLOTS);
  const fixed = (slot: number, groups: [number, number]): void => sizes.set([groups[0], groups[0] === 0 ? 0 : groups[1], 1], 3 * slot);
  const groups = (n: number): [number, number] => foldWorkgroups(Math.ceil(n / WORKGROUP_SIZE), maxX);
  const S = d.surfacePointCount;
  const V = d.vertexCount;
  fixed(SLOT.points, groups(P));
  fixed(SLOT.boxes, groups(Math.max(T, P, E)));
  fixed(SLOT.clear, groups(Math.max(P, E, T, V + 1, SCRATCH_HEADER)));
  fixed(SLOT.single, [1, 1]);
  fixed(SLOT.surface, groups(S));
  fixed(SLOT.vertices, groups(V));
  sizes.set(pointTable.dispatchSizes(), 3 * SLOT.pointTable);
  sizes.set(edgeTable.dispatchSizes(), 3 * SLOT.edgeTable);
  device.queue.writeBuffer(d.dispatchBuffer, 4 * 3 * DISPATCH_SLOTS, sizes);
  // Direct dispatches: the three sized on the GPU at what their capacities allow (sizePairDispatches and
  // sizeEntryDispatches cap them there).
  const largestSizes = sizes.slice();
  largestSizes.set([...groups(c.pointAnswers), 1], 3 * SLOT.pointTriangle);
  largestSizes.set([...groups(c.edgeAnswers), 1], 3 * SLOT.edgeEdge);
  largestSizes.set([...groups(c.contacts), 1], 3 * SLOT.entries);
  return { contact, broad, pointTable, edgeTable, at, bindGroup, largestSizes };
}
