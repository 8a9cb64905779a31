/**
 * The VBD step backend for Node (the CLI, scripts): a WebGPU device through the `webgpu` package (nodeGpu) running
 * the kernels/vbd kernels, or the reason there is none. `overlap bake --backend webgpu|auto` calls this through
 * bin/overlap.mjs, which hands it to app/cli (app/ may not import kernels/).
 *
 * 'webgpu' and 'auto' as kernels/vbd requestVbdStepBackend (auto refuses a software fallback adapter). The device
 * belongs to the backend (dispose() destroys it, which lets Node exit).
 *
 * @param mode     'webgpu' (forced) or 'auto'
 * @param options  vulkanIcd: a Vulkan ICD for nodeGpu when VK_ICD_FILENAMES is unset (default none: a real GPU's
 *                 driver must not be hidden; CI sets VK_ICD_FILENAMES to SwiftShader's)
 * @returns { backend } or { reason } (one sentence: what is missing and what usually fixes it)
 */
import type { VbdStepBackend } from '../../app/solvers/vbd/index.ts';
import { requestVbdStepBackend } from '../vbd/requestVbdStepBackend.ts';
import { nodeGpu } from './nodeGpu.ts';

export async function requestNodeVbdStepBackend(
  mode: 'webgpu' | 'auto',
  options: { vulkanIcd?: string } = {},
): Promise<{ backend: VbdStepBackend } | { reason: string }> {
  return requestVbdStepBackend(nodeGpu({ vulkanIcd: options.vulkanIcd }), mode);
}
