/**
 * WebGPU in Node: the `GPU` entry point of the `webgpu` package (Dawn), the Node counterpart of `navigator.gpu`.
 * Hand it to `requestComputeBackend`.
 *
 * Dawn's WebGPU classes and constants (`GPUBufferUsage`, `GPUMapMode`, …) are installed on `globalThis` where they
 * are missing, because kernel hosts use them as browser code does.
 *
 * On a machine without a GPU, Dawn finds an adapter only through a Vulkan driver such as SwiftShader's, which
 * Debian's Chromium ships: pass `{ vulkanIcd: SWIFTSHADER_VULKAN_ICD }` (or set `VK_ICD_FILENAMES` yourself) before
 * the first call. It is not set by default because it would hide a real GPU's driver.
 *
 * @param options.vulkanIcd    a Vulkan ICD manifest to use when `VK_ICD_FILENAMES` is unset and the file exists
 * @param options.dawnToggles  Dawn options for `create()`, e.g. `['enable-dawn-features=allow_unsafe_apis']`
 * @returns the `GPU` object, or undefined when the `webgpu` package cannot load (no prebuilt binary for this platform)
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Debian's Chromium ships SwiftShader's Vulkan driver here (CI installs chromium). */
export const SWIFTSHADER_VULKAN_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

interface WebGpuPackage {
  create: (options: string[]) => GPU;
  globals: Record<string, unknown>;
}

let cached: GPU | undefined;

export function nodeGpu(options: { vulkanIcd?: string; dawnToggles?: string[] } = {}): GPU | undefined {
  if (cached) return cached;
  if (options.vulkanIcd && !process.env.VK_ICD_FILENAMES && existsSync(options.vulkanIcd)) {
    process.env.VK_ICD_FILENAMES = options.vulkanIcd;
  }
  let webgpu: WebGpuPackage;
  try {
    // A synchronous load of the native addon, so that a missing binary is an `undefined` here, not a crash.
    webgpu = createRequire(import.meta.url)('webgpu') as WebGpuPackage;
  } catch {
    return undefined;
  }
  const scope = globalThis as Record<string, unknown>;
  for (const [name, value] of Object.entries(webgpu.globals)) if (!(name in scope)) scope[name] = value;
  cached = webgpu.create(options.dawnToggles ?? []);
  return cached;
}
