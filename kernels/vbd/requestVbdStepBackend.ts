/**
 * The VBD step backend on a WebGPU implementation (`navigator.gpu` in a browser or worker, the `webgpu` package in
 * Node): the kernels/vbd kernels on a device of their own, or the reason there is none. The CLI (through
 * kernels/node requestNodeVbdStepBackend) and the app's engine worker (the bake, the live preview) call it, so the
 * device lives where the simulation runs.
 *
 * - 'webgpu': any adapter with the limits the kernels need, the software fallback (SwiftShader) included, so CI can
 *   run GPU bakes; no adapter → the reason.
 * - 'auto': the same, but a software fallback adapter is refused with a reason: SwiftShader runs WGSL on the CPU's
 *   own cores and is slower than the CPU solver at every size we measured (bench/gpu.bench.ts, docs/kernels.md).
 *
 * The device belongs to the backend (dispose() destroys it).
 *
 * @param gpu   the WebGPU entry point, or undefined where there is none
 * @param mode  'webgpu' (forced) or 'auto'
 * @param label the device's label
 * @returns { backend } or { reason } (one sentence: what is missing and what usually fixes it)
 */
import type { VbdStepBackend } from '../../app/solvers/vbd/index.ts';
import { describeComputeBackend } from '../gpu/describeComputeBackend.ts';
import { requestComputeBackend } from '../gpu/gpuContext.ts';
import { gpuVbdStepBackend } from './gpuVbdStepBackend.ts';
import { vbdDeviceProblem } from './vbdKernels.ts';

export async function requestVbdStepBackend(
  gpu: GPU | undefined,
  mode: 'webgpu' | 'auto',
  label = 'overlap vbd',
): Promise<{ backend: VbdStepBackend } | { reason: string }> {
  const compute = await requestComputeBackend(gpu, { label });
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
