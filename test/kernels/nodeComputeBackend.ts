// Test helper: the Node WebGPU backend (Dawn through the `webgpu` package) on SwiftShader when no other Vulkan
// driver is configured, as .ci/run sets it. Tests skip their GPU part with `skipReason` when no adapter exists.
import { requestComputeBackend, type ComputeBackend } from '../../kernels/gpu/gpuContext.ts';
import { nodeGpu, SWIFTSHADER_VULKAN_ICD } from '../../kernels/node/nodeGpu.ts';

export async function nodeComputeBackend(): Promise<{ backend: ComputeBackend; device: GPUDevice | undefined; skipReason: string }> {
  const backend = await requestComputeBackend(nodeGpu({ vulkanIcd: SWIFTSHADER_VULKAN_ICD }));
  return backend.kind === 'webgpu'
    ? { backend, device: backend.device, skipReason: '' }
    : { backend, device: undefined, skipReason: `no WebGPU adapter in Node: ${backend.reason}` };
}
