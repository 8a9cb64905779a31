// kernels/: WebGPU compute (WGSL + TypeScript hosts). Handed a GPUDevice; depends only on app/.
// Node-only code (the `webgpu` package, WGSL embedding) lives in kernels/node/ and is not exported here.
export { requestComputeBackend } from './gpu/gpuContext.ts';
export type { AdapterDescription, ComputeBackend, ComputeBackendOptions, ComputeLimits, DeviceLoss } from './gpu/gpuContext.ts';
export { describeComputeBackend } from './gpu/describeComputeBackend.ts';
export { storageBuffer } from './gpu/storageBuffer.ts';
export { readBuffer } from './gpu/readBuffer.ts';
export { LinearBlendSkinningKernel, linearBlendSkinningGpu } from './skinning/linearBlendSkinning.ts';
export type { LinearBlendSkinningBinding, LinearBlendSkinningInputs, LinearBlendSkinningOutputs } from './skinning/linearBlendSkinning.ts';
export { skinningSelfTest } from './skinning/skinningSelfTest.ts';
export type { SkinningSelfTestResult } from './skinning/skinningSelfTest.ts';
export { createGpuVbdStepper, GpuVbdStepper } from './vbd/createGpuVbdStepper.ts';
export type { GpuVbdStepperOptions } from './vbd/createGpuVbdStepper.ts';
export { gpuVbdStepBackend } from './vbd/gpuVbdStepBackend.ts';
export { VbdKernels, vbdDeviceProblem, vbdThreadsPerVertex, VBD_THREADS_PER_VERTEX } from './vbd/vbdKernels.ts';
export { vbdSelfTest } from './vbd/vbdSelfTest.ts';
export type { VbdSelfTestResult } from './vbd/vbdSelfTest.ts';
export { requestVbdStepBackend } from './vbd/requestVbdStepBackend.ts';
