import type { VbdStepBackend } from '../solvers/vbd/index.ts';

/**
 * What the CLI's entry (bin/overlap.mjs) hands to the commands that app/ cannot reach itself: app/ may not import
 * kernels/ (the layer rule), so the GPU comes in from outside. Tests and other embedders may leave it out; the
 * commands then say WebGPU is not available.
 */
export interface CliServices {
  /**
   * A WebGPU backend for the VBD step (kernels/node/requestNodeVbdStepBackend): 'webgpu' takes any adapter with the
   * limits the kernels need, 'auto' refuses software adapters; { reason } says why there is none.
   */
  requestGpuStepBackend?: (mode: 'webgpu' | 'auto') => Promise<{ backend: VbdStepBackend } | { reason: string }>;
}
