/**
 * The compute backend: a WebGPU device when one can be had, otherwise the CPU with a human-readable reason.
 *
 * The caller hands in its `GPU` object: `navigator.gpu` in the renderer, `nodeGpu()` (kernels/node/nodeGpu.ts)
 * in Node. Nothing here touches `navigator` or Node, so the same code runs in both.
 *
 * DESIGN NOTES
 * - Adapter search: first the default request (with the caller's power preference); if that returns null, a second
 *   request with `forceFallbackAdapter: true`. Headless Chromium and Dawn-in-Node on a machine without a GPU
 *   expose SwiftShader (a CPU Vulkan implementation) that way; it is slow but exact, and it is what CI runs on.
 * - Every failure on the way (no GPU object, requestAdapter throwing, null adapters, requestDevice rejecting,
 *   a request that never answers) ends in `{ kind: 'cpu', reason }`; this function never throws, so the app always
 *   starts. The reason says what failed and what usually fixes it.
 * - Limits: the device asks for the adapter's own maxima of the storage-buffer limits (the defaults, 128 MiB per
 *   binding and 8 storage buffers per stage, are too small for large meshes and for the VBD kernels).
 * - Device loss: `lost` resolves when the device is lost; `onDeviceLost` is called unless the loss came from our
 *   own `device.destroy()`. The caller then shows the reason and may call `requestComputeBackend` again.
 */
import { nameAdapter } from './nameAdapter.ts';

/** The adapter description as WebGPU reports it (`GPUAdapter.info`); empty strings where the browser hides them. */
export interface AdapterDescription {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
}

/** The device limits the kernels size their dispatches and buffers by. */
export interface ComputeLimits {
  maxBufferSize: number;
  maxStorageBufferBindingSize: number;
  maxStorageBuffersPerShaderStage: number;
  maxComputeWorkgroupSizeX: number;
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupsPerDimension: number;
}

/** Why and how a device was lost (`GPUDeviceLostInfo`). */
export interface DeviceLoss {
  reason: 'destroyed' | 'unknown';
  message: string;
}

export type ComputeBackend =
  | {
      kind: 'webgpu';
      device: GPUDevice;
      /** One line naming the adapter, e.g. "SwiftShader driver 5.0.0 (google swiftshader)". */
      adapterName: string;
      adapter: AdapterDescription;
      /** True for a software or otherwise degraded adapter (SwiftShader). */
      isFallbackAdapter: boolean;
      limits: ComputeLimits;
      /** Resolves when the device is lost, including by `device.destroy()`. */
      lost: Promise<DeviceLoss>;
    }
  | { kind: 'cpu'; reason: string };

export interface ComputeBackendOptions {
  powerPreference?: GPUPowerPreference;
  /** Try `forceFallbackAdapter: true` when the default request finds nothing (default true). */
  allowFallbackAdapter?: boolean;
  /** Give up on a request that has not answered after this long [ms] (default 10 000). */
  timeoutMilliseconds?: number;
  /** Called once if the device is lost for any reason other than our own `destroy()`. */
  onDeviceLost?: (loss: DeviceLoss) => void;
  /** Called for GPU errors no error scope caught (validation, out of memory); default: ignored. */
  onUncapturedError?: (message: string) => void;
  label?: string;
}

const LIMIT_NAMES = [
  'maxBufferSize',
  'maxStorageBufferBindingSize',
  'maxStorageBuffersPerShaderStage',
  'maxComputeWorkgroupSizeX',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupsPerDimension',
] as const;

/** Limits requested at the adapter's maximum rather than WebGPU's defaults. */
const RAISED_LIMITS = ['maxBufferSize', 'maxStorageBufferBindingSize', 'maxStorageBuffersPerShaderStage'] as const;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** Rejects with a timeout error if `promise` has not settled after `milliseconds`. */
function withTimeout<T>(promise: Promise<T>, milliseconds: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Asks `gpu` for an adapter and a device; never throws.
 *
 * @param gpu      the WebGPU entry point: `navigator.gpu` (renderer) or `nodeGpu()` (Node); undefined when missing
 * @param options  power preference, timeout and loss/error callbacks
 * @returns a WebGPU backend (device, adapter name, limits, loss promise) or `{ kind: 'cpu', reason }`
 */
export async function requestComputeBackend(gpu: GPU | undefined, options: ComputeBackendOptions = {}): Promise<ComputeBackend> {
  const timeout = options.timeoutMilliseconds ?? 10_000;
  if (gpu === undefined || gpu === null) {
    return { kind: 'cpu', reason: 'WebGPU is not available here (navigator.gpu is undefined; in Node the `webgpu` package did not load)' };
  }
  let adapter: GPUAdapter | null = null;
  try {
    adapter = await withTimeout(gpu.requestAdapter({ powerPreference: options.powerPreference }), timeout, 'requestAdapter');
    if (adapter === null && options.allowFallbackAdapter !== false) {
      adapter = await withTimeout(gpu.requestAdapter({ forceFallbackAdapter: true }), timeout, 'requestAdapter (fallback)');
    }
  } catch (error) {
    return { kind: 'cpu', reason: `WebGPU adapter request failed: ${messageOf(error)}` };
  }
  if (adapter === null) {
    return {
      kind: 'cpu',
      reason:
        'no WebGPU adapter found (requestAdapter returned null; Chromium on Linux needs --enable-unsafe-webgpu ' +
        'and Vulkan, Node needs a Vulkan driver, e.g. VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json)',
    };
  }

  // `info` is the current API; Chromium before 128 only had the (since removed) async requestAdapterInfo().
  const legacy = adapter as GPUAdapter & { requestAdapterInfo?: () => Promise<GPUAdapterInfo> };
  let info: Partial<GPUAdapterInfo> = {};
  try {
    info = adapter.info ?? (legacy.requestAdapterInfo ? await legacy.requestAdapterInfo() : {});
  } catch {
    info = {};
  }
  const description: AdapterDescription = {
    vendor: info.vendor ?? '',
    architecture: info.architecture ?? '',
    device: info.device ?? '',
    description: info.description ?? '',
  };
  const adapterName = nameAdapter(description);
  const isFallbackAdapter =
    (info as { isFallbackAdapter?: boolean }).isFallbackAdapter ??
    (adapter as GPUAdapter & { isFallbackAdapter?: boolean }).isFallbackAdapter ??
    /swiftshader/i.test(`${description.architecture} ${description.description}`);

  const requiredLimits: Record<string, number> = {};
  for (const name of RAISED_LIMITS) {
    const value = adapter.limits?.[name];
    if (typeof value === 'number') requiredLimits[name] = value;
  }
  let device: GPUDevice;
  try {
    device = await withTimeout(adapter.requestDevice({ label: options.label ?? 'overlap compute', requiredLimits }), timeout, 'requestDevice');
  } catch (error) {
    return { kind: 'cpu', reason: `WebGPU adapter "${adapterName}" did not give a device: ${messageOf(error)}` };
  }

  const lost: Promise<DeviceLoss> = device.lost.then((loss) => {
    const result: DeviceLoss = { reason: loss.reason === 'destroyed' ? 'destroyed' : 'unknown', message: loss.message };
    if (result.reason !== 'destroyed') options.onDeviceLost?.(result);
    return result;
  });
  if (options.onUncapturedError) {
    const report = options.onUncapturedError;
    device.addEventListener('uncapturederror', (event) => report((event as GPUUncapturedErrorEvent).error.message));
  }

  const limits = {} as ComputeLimits;
  for (const name of LIMIT_NAMES) limits[name] = device.limits[name];
  return { kind: 'webgpu', device, adapterName, adapter: description, isFallbackAdapter, limits, lost };
}
