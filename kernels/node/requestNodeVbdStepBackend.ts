/**
 * The VBD step backend for Node (the CLI, scripts): a WebGPU device through the `webgpu` package (nodeGpu) running
 * the kernels/vbd kernels, or the reason there is none. `overlap bake --backend webgpu|auto` calls this through
 * bin/overlap.mjs, which hands it to app/cli (app/ may not import kernels/).
 *
 * - 'webgpu': any adapter with the limits the kernels need, the software fallback (SwiftShader) included, so CI can
 *   run GPU bakes; no adapter → the reason.
 * - 'auto': the same, but a software fallback adapter is refused with a reason: SwiftShader runs WGSL on the CPU's
 *   own cores and is slower than the CPU solver at every size we measured (bench/gpu.bench.ts, docs/kernels.md).
 *
 * The device belongs to the backend (dispose() destroys it, which lets Node exit).
 *
 * @param mode     'webgpu' (forced) or 'auto'
 * @param options  vulkanIcd: a Vulkan ICD for nodeGpu when VK_ICD_FILENAMES is unset (default none: a real GPU's
 *                 driver must not be hidden; CI sets VK_ICD_FILENAMES to SwiftShader's)
 * @returns { backend } or { reason } (one sentence: what is missing and what usually fixes it)
 */
import type { VbdStepBackend } from '../../app/solvers/vbd/index.ts';
import { describeComputeBackend } from '../gpu/describeComputeBackend.ts';
import { requestComputeBackend } from '../gpu/gpuContext.ts';
import { gpuVbdStepBackend } from '../vbd/gpuVbdStepBackend.ts';
import { vbdDeviceProblem } from '../vbd/vbdKernels.ts';
import { nodeGpu } from './nodeGpu.ts';

export async function requestNodeVbdStepBackend(mode: 'webgpu' | 'auto', options: { vulkanIcd?: string } = {}): Promise<{ backend: VbdStepBackend } | { reason: string }> {
  const compute = await requestComputeBackend(nodeGpu({ vulkanIcd: options.vulkanIcd }), { label: 'overlap vbd' });
  if (compute.kind === 'cpu') return { reason: compute.reason };
  const problem = vbdDeviceProblem(compute.device.limits);
  if (problem) {
    compute.device.destroy();
    return { reason: `${describeComputeBackend(compute)}: ${problem}` };
  }
  if (mode === 'auto' && compute.isFallbackAdapter) {
    compute.device.destroy();
    return { reason: `the only WebGPU adapter is a software one (${compute.adapterName}), slower than the CPU solver; --backend webgpu uses it anyway` };
  }
  try {
    return { backend: await gpuVbdStepBackend(compute, { ownsDevice: true }) };
  } catch (error) {
    compute.device.destroy();
    return { reason: `${describeComputeBackend(compute)} cannot run the VBD kernels: ${error instanceof Error ? error.message : String(error)}` };
  }
}
