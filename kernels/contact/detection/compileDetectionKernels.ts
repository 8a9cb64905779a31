import { pointTriangleClosestPointWgsl } from '../../geometry/pointTriangleClosestPoint.wgsl.ts';
import { segmentSegmentClosestPointsWgsl } from '../../geometry/segmentSegmentClosestPoints.wgsl.ts';
import { GpuBoxSpatialHash } from '../../geometry/gpuBoxSpatialHash.ts';
import { gatedDispatchWgsl } from '../../gpu/gatedDispatch.wgsl.ts';
import { workgroupScanWgsl } from '../../gpu/workgroupScan.wgsl.ts';
import { contactActivationWgsl } from '../../vbd/contactActivation.wgsl.ts';
import { contactDataWgsl } from '../../vbd/contactData.wgsl.ts';
import { contactPointPositionWgsl } from '../../vbd/contactPointPosition.wgsl.ts';
import { ogcDetectionWgsl } from '../ogcDetection.wgsl.ts';
import { ENTRY_POINTS, type DetectionKernels, type EntryPoint } from './types.ts';

const compiledKernels = new WeakMap<GPUDevice, Promise<DetectionKernels>>();
/** the compiled kernels of each device, once ready (readyDetectionKernels) */
const readyKernels = new WeakMap<GPUDevice, DetectionKernels>();

async function compileKernels(device: GPUDevice): Promise<DetectionKernels> {
  const storage = (binding: number, readOnly: boolean): GPUBindGroupLayoutEntry => ({
    binding,
    visibility: GPUShaderStage.COMPUTE,
    buffer: { type: readOnly ? 'read-only-storage' : 'storage' },
  });
  const layout = device.createBindGroupLayout({
    label: 'ogcDetection',
    entries: [
      storage(0, false),
      storage(1, true),
      storage(2, false),
      storage(3, false),
      storage(4, false),
      { binding: 5, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } },
      storage(6, true),
      storage(7, false),
      storage(8, false),
      storage(9, true),
      storage(10, true),
    ],
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
  const module = device.createShaderModule({ label: 'ogcDetection.wgsl', code });
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) throw new Error(`ogcDetection.wgsl: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`);
  const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
  const entries = await Promise.all(
    ENTRY_POINTS.map(
      async (entryPoint) =>
        [
          entryPoint,
          await device.createComputePipelineAsync({ label: `ogcDetection ${entryPoint}`, layout: pipelineLayout, compute: { module, entryPoint } }),
        ] as const,
    ),
  );
  return { layout, pipelines: Object.fromEntries(entries) as Record<EntryPoint, GPUComputePipeline>, hash: await GpuBoxSpatialHash.create(device) };
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
