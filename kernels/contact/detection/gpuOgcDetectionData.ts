import { storageBuffer } from '../../gpu/storageBuffer.ts';
import { detectionWords } from './detectionWords.ts';
import {
  DISPATCH_SLOTS,
  GATE_WORDS,
  PARAMS_BYTES,
  SCRATCH_HEADER,
  type DetectionCapacity,
  type DetectionKernels,
  type GpuOgcDetectionData,
  type GpuOgcDetectionOptions,
} from './types.ts';

/**
 * A detection's data for one surface: the options checked, ogcContact's topology packed (detectionWords), every fixed buffer made (in this order: the GPU's results depend on none of it, but the bakes
 * are compared byte for byte with the class this was split from) and the first capacities. The sized buffers are
 * made on first use (ensureSizedBuffers).
 * @throws Error / RangeError naming the bad option (vertex colors' count, radius, queryRadius, a capacity)
 */
export function gpuOgcDetectionData(device: GPUDevice, kernels: DetectionKernels, options: GpuOgcDetectionOptions): GpuOgcDetectionData {
  const S = options.pointVertices.length / 4;
  const O = options.obstacleVertexCount ?? 0;
  const P = S + O;
  const V = options.simulationVertexCount;
  if (options.vertexColors.length !== V) throw new Error(`GpuOgcDetection: ${options.vertexColors.length} vertex colors for ${V} simulation vertices`);
  const radius = options.radius;
  const queryRadius = options.queryRadius ?? 2 * options.radius;
  if (!(radius > 0 && Number.isFinite(radius))) throw new RangeError(`GpuOgcDetection: radius must be a positive length, got ${radius}`);
  if (!(queryRadius >= radius)) throw new RangeError(`GpuOgcDetection: queryRadius (${queryRadius}) must be ≥ radius (${radius})`);
  const gammaP = options.boundRelaxation ?? 0.45;
  const { topology, words: topologyWords, sectionStarts, kinematic } = detectionWords(options, S, O);
  const topologyBuffer = storageBuffer(device, topologyWords, 0, 'ogcDetection topology');
  const pointBuffer = storageBuffer(device, 4 * 6 * P, 0, 'ogcDetection points');
  const positionBuffer = storageBuffer(device, 4 * 3 * V, 0, 'ogcDetection positions');
  const T = topology.triangleOwner.length;
  const E = topology.edges.length / 2;
  const scratchBuffer = storageBuffer(device, 4 * (SCRATCH_HEADER + P + E + T + V + 1), 0, 'ogcDetection scratch');
  const dispatchBuffer = storageBuffer(device, 4 * 6 * DISPATCH_SLOTS, 0, 'ogcDetection dispatch sizes');
  const indirectBuffer = device.createBuffer({
    label: 'ogcDetection indirect',
    size: 4 * 3 * DISPATCH_SLOTS,
    usage: GPUBufferUsage.INDIRECT | GPUBufferUsage.COPY_DST,
  });
  const gateBuffer = storageBuffer(device, 4 * GATE_WORDS, 0, 'ogcDetection gate');
  const controlBuffer = storageBuffer(device, 16 * 64, 0, 'ogcDetection control entries');
  const frameBuffer = storageBuffer(device, 4 * 6 * P, 0, 'ogcDetection frame inputs');
  const ownCounters = storageBuffer(device, 16, 0, 'ogcDetection counters stand-in');
  const totalsBuffer = device.createBuffer({ label: 'ogcDetection totals', size: 4 * GATE_WORDS, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
  const paramsBuffer = device.createBuffer({ label: 'ogcDetection params', size: PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  const capacity: DetectionCapacity = { contacts: 256, entries: 1024, pointEntries: 8 * T, edgeEntries: 8 * E, pointAnswers: 16 * P, edgeAnswers: 32 * E };
  for (const [name, value] of Object.entries(options.capacity ?? {}) as [keyof DetectionCapacity, number][]) {
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`GpuOgcDetection: capacity.${name} must be a positive integer, got ${value}`);
    capacity[name] = value;
  }
  return {
    device,
    layout: kernels.layout,
    pipelines: kernels.pipelines,
    hash: kernels.hash,
    options,
    capacity,
    sized: null,
    sectionStarts,
    topologyBuffer,
    pointBuffer,
    positionBuffer,
    scratchBuffer,
    dispatchBuffer,
    indirectBuffer,
    gateBuffer,
    controlBuffer,
    frameBuffer,
    countersBuffer: ownCounters,
    ownCounters,
    totalsBuffer,
    paramsBuffer,
    triangles: topology.triangles,
    edges: topology.edges,
    surfacePointCount: S,
    pointCount: P,
    vertexCount: V,
    planeCount: Math.floor((options.planes?.length ?? 0) / 4),
    radius,
    queryRadius,
    gammaP,
    kinematic,
    cells: null,
    contactHeader: new Uint32Array(0),
    paramsFlags: 0,
  };
}
