/**
 * The WebGPU backend of the VBD step for a device the caller got from requestComputeBackend: compiles the kernels
 * once (VbdKernels) and makes a GpuVbdStepper per model, and a GpuDetailTransfer per embedding (the surface of a
 * volume simulation, kernels/embedding). This is what the app's worker and the CLI hand to the bake
 * (BakeOptions.stepBackend), as app/ may not import kernels/.
 *
 * @param compute  a WebGPU compute backend (requestComputeBackend's { kind: 'webgpu', … })
 * @param options  threadsPerVertex: lanes per vertex for every model (default: per model, vbdThreadsPerVertex on
 *                 hardware adapters, 1 on software fallback adapters, the faster layout there, bench/gpu.bench.ts);
 *                 ownsDevice: dispose() destroys the device (default false: the caller keeps it)
 * @returns the backend; rejects when the device lacks a limit the kernels need or the WGSL does not compile
 */
import type { LatticeEmbedding, LatticeSplineWeights } from '../../app/embedding/index.ts';
import type { VbdModel, VbdStepBackend, VbdStepperOptions } from '../../app/solvers/vbd/index.ts';
import { GpuOgcDetection } from '../contact/gpuOgcDetection.ts';
import { GpuDetailTransfer } from '../embedding/gpuDetailTransfer.ts';
import { describeComputeBackend } from '../gpu/describeComputeBackend.ts';
import type { ComputeBackend } from '../gpu/gpuContext.ts';
import { GpuVbdStepper } from './createGpuVbdStepper.ts';
import { VBD_THREADS_PER_VERTEX, vbdThreadsPerVertex, VbdKernels } from './vbdKernels.ts';

export async function gpuVbdStepBackend(
  compute: Extract<ComputeBackend, { kind: 'webgpu' }>,
  options: { threadsPerVertex?: number; ownsDevice?: boolean } = {},
): Promise<VbdStepBackend & { readonly kernels: VbdKernels }> {
  const threadsPerVertex = options.threadsPerVertex ?? (compute.isFallbackAdapter ? VBD_THREADS_PER_VERTEX.fallback : VBD_THREADS_PER_VERTEX.hardware);
  const kernels = await VbdKernels.create(compute.device, threadsPerVertex);
  return {
    kind: 'webgpu',
    description: describeComputeBackend(compute),
    adapter: { ...compute.adapter },
    kernels,
    createDetailTransfer: (embedding: LatticeEmbedding, spline: LatticeSplineWeights) => GpuDetailTransfer.create(compute.device, embedding, spline),
    createStepper: (model: VbdModel, stepperOptions?: VbdStepperOptions) =>
      new GpuVbdStepper(kernels, model, {
        threadsPerVertex: options.threadsPerVertex ?? (compute.isFallbackAdapter ? VBD_THREADS_PER_VERTEX.fallback : vbdThreadsPerVertex(model)),
        contact: stepperOptions?.contact ?? false,
        gatedDispatch: compute.isFallbackAdapter ? 'indirect' : 'direct',
      }),
    prepareContact: () => GpuOgcDetection.compile(compute.device),
    dispose() {
      if (options.ownsDevice) compute.device.destroy();
    },
  };
}
