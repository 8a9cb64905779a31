/**
 * What the entry point (bin/overlap.mjs) hands to the CLI from outside app/. app/ may not import kernels/, so the
 * WebGPU backend of the VBD step is named here by module: heavy work runs in a worker thread (runInWorker), and a
 * GPU device cannot cross threads, so the worker imports the module itself and asks it for a backend.
 */
export interface CliServices {
  /**
   * URL of a module exporting `requestNodeVbdStepBackend(mode: 'webgpu' | 'auto')` →
   * `Promise<{ backend: VbdStepBackend } | { reason: string }>` (kernels/node/requestNodeVbdStepBackend.ts): 'webgpu'
   * takes any adapter with the limits the kernels need, 'auto' refuses software adapters; { reason } says why there is
   * none. Absent: WebGPU is unavailable to this entry of the CLI.
   */
  gpuStepBackendModule?: string;
}
