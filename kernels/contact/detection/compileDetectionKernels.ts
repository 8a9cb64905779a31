import { pointTriangleClosestPointWgsl } from '../../geometry/pointTriangleClosestPoint.wgsl.ts';
import { segmentSegmentClosestPointsWgsl } from '../../geometry/segmentSegmentClosestPoints.wgsl.ts';
import { GpuBoxSpatialHash } from '../../geometry/gpuBoxSpatialHash.ts';
import { bufferLayoutEntries } from '../../gpu/bufferLayoutEntries.ts';
import { compileComputePipelines } from '../../gpu/compileComputePipelines.ts';
import { gatedDispatchWgsl } from '../../gpu/gatedDispatch.wgsl.ts';
import { workgroupScanWgsl } from '../../gpu/workgroupScan.wgsl.ts';
import { contactActivationWgsl } from '../../vbd/contactActivation.wgsl.ts';
import { contactDataWgsl } from '../../vbd/contactData.wgsl.ts';
import { contactPointPositionWgsl } from '../../vbd/contactPointPosition.wgsl.ts';
import { ogcDetectionWgsl } from '../ogcDetection.wgsl.ts';
import { ENTRY_POINTS, type DetectionKernels } from './types.ts';

const compiledKernels = new WeakMap<GPUDevice, Promise<DetectionKernels>>();
/** the compiled kernels of each device, once ready (readyDetectionKernels) */
const readyKernels = new WeakMap<GPUDevice, DetectionKernels>();

async function compileKernels(device: GPUDevice): Promise<DetectionKernels> {
  const layout = device.createBindGroupLayout({
    label: 'ogcDetection',
    entries: bufferLayoutEntries([
      'storage',
      'read-only-storage',
      'storage',
      'storage',
      'storage',
      'uniform',
      'read-only-storage',
      'storage',
      'storage',
      'read-only-storage',
      'read-only-storage',
    ]),
  });
  const code = [
    ogcDetectionWgsl,
    contactDataWgsl,
    contactPointPositionWgsl,
    contactActivationWgsl,
    pointTriangleClosestPointWgsl,
    segmentSegmentClosestPointsWgsl,
    workgroupScanWgsl,
    gatedDispatchWgsl,
  ].join('\n');
  return { layout, pipelines: await compileComputePipelines(device, 'ogcDetection', code, layout, ENTRY_POINTS), hash: await GpuBoxSpatialHash.create(device) };
}

/**
 * Compiles the detection's kernels of a device: the bind group layout, a pipeline per entry point and the hash's
 * kernels (once; later calls return the same promise; a failed compile is forgotten, so it can be tried again).
 */
export function compileDetectionKernels(device: GPUDevice): Promise<void> {
  let compiled = compiledKernels.get(device);
  if (!compiled) {
    compiled = compileKernels(device);
    compiledKernels.set(device, compiled);
    compiled.then((kernels) => readyKernels.set(device, kernels)).catch(() => compiledKernels.delete(device));
  }
  return compiled.then(() => undefined);
}

/**
 * The compiled kernels of a device, without waiting.
 * @throws Error when the device's kernels are not compiled yet (await compileDetectionKernels first)
 */
export function readyDetectionKernels(device: GPUDevice): DetectionKernels {
  const kernels = readyKernels.get(device);
  if (!kernels) throw new Error('GpuOgcDetection: the kernels of this device are not compiled yet (await GpuOgcDetection.compile(device))');
  return kernels;
}
