// Test helper: the Node WebGPU backend (Dawn through the `webgpu` package) on SwiftShader when no other Vulkan
// driver is configured, as .ci/run sets it. Tests skip their GPU part with `skipReason` when no adapter exists.
//
// One device per test process, shared by every file that process runs (vitest.config.ts runs them in shared workers):
// Dawn keeps compiled pipelines per device, and SwiftShader compiles slowly. Measured on this 2-core machine, the
// mixed model's VBD stepper took 6.3–8.1 s to create on a new device and under 1 s on a device that had compiled it
// before, so each kernel file no longer pays for the pipelines the files before it compiled. Nobody destroys the shared
// device (it ends with the process); a test that loses or destroys a device on purpose requests its own.
import { requestComputeBackend, type ComputeBackend } from '../../kernels/gpu/gpuContext.ts';
import { nodeGpu, SWIFTSHADER_VULKAN_ICD } from '../../kernels/node/nodeGpu.ts';

export interface NodeComputeBackend {
  backend: ComputeBackend;
  /** the shared device; never destroy it */
  device: GPUDevice | undefined;
  /** why there is no device ('' when there is one) */
  skipReason: string;
}

let shared: Promise<NodeComputeBackend> | undefined;

export function nodeComputeBackend(): Promise<NodeComputeBackend> {
  shared ??= requestComputeBackend(nodeGpu({ vulkanIcd: SWIFTSHADER_VULKAN_ICD })).then((backend) =>
    backend.kind === 'webgpu'
      ? { backend, device: backend.device, skipReason: '' }
      : { backend, device: undefined, skipReason: `no WebGPU adapter in Node: ${backend.reason}` },
  );
  return shared;
}
