// requestComputeBackend: a WebGPU device when the GPU object gives one; otherwise the CPU with a reason that says
// what failed, for every way the request can fail. Fake GPU objects stand in for browsers without WebGPU.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestComputeBackend, type DeviceLoss } from '../../../kernels/gpu/gpuContext.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';

type AdapterOptions = GPURequestAdapterOptions | undefined;

/** A fake GPU whose requestAdapter answers with `answer(options)`; it records the options it was called with. */
function fakeGpu(answer: (options: AdapterOptions) => Promise<GPUAdapter | null>): GPU & { calls: AdapterOptions[] } {
  const calls: AdapterOptions[] = [];
  return {
    calls,
    requestAdapter: (options?: GPURequestAdapterOptions) => {
      calls.push(options);
      return answer(options);
    },
    getPreferredCanvasFormat: () => 'bgra8unorm',
    wgslLanguageFeatures: new Set<string>(),
  } as unknown as GPU & { calls: AdapterOptions[] };
}

/** A fake adapter and device; the device's `lost` promise resolves when `lose` is called. */
function fakeAdapter(info: Partial<GPUAdapterInfo>, requestDevice?: (descriptor?: GPUDeviceDescriptor) => Promise<GPUDevice>) {
  let lose: (loss: DeviceLoss) => void = () => {};
  const lost = new Promise<DeviceLoss>((resolve) => (lose = resolve));
  const descriptors: (GPUDeviceDescriptor | undefined)[] = [];
  const limits = {
    maxBufferSize: 2 ** 30,
    maxStorageBufferBindingSize: 2 ** 30,
    maxStorageBuffersPerShaderStage: 10,
    maxComputeWorkgroupSizeX: 256,
    maxComputeInvocationsPerWorkgroup: 256,
    maxComputeWorkgroupsPerDimension: 65535,
  };
  const device = { lost, limits, addEventListener: () => {} } as unknown as GPUDevice;
  const adapter = {
    info,
    limits,
    features: new Set<string>(),
    requestDevice: (descriptor?: GPUDeviceDescriptor) => {
      descriptors.push(descriptor);
      return requestDevice ? requestDevice(descriptor) : Promise.resolve(device);
    },
  } as unknown as GPUAdapter;
  return { adapter, device, descriptors, lose: (loss: DeviceLoss) => lose(loss) };
}

describe('requestComputeBackend falls back to the CPU with a reason', () => {
  it('when there is no GPU object (navigator.gpu undefined)', async () => {
    const backend = await requestComputeBackend(undefined);
    expect(backend.kind, 'kind').toBe('cpu');
    expect(backend.kind === 'cpu' && backend.reason, 'reason names navigator.gpu').toMatch(/navigator\.gpu/);
  });

  it('when requestAdapter returns null, after also trying the fallback adapter', async () => {
    const gpu = fakeGpu(async () => null);
    const backend = await requestComputeBackend(gpu);
    expect(backend.kind === 'cpu' && backend.reason, 'reason').toMatch(/no WebGPU adapter/);
    expect(gpu.calls.length, 'two adapter requests').toBe(2);
    expect(gpu.calls[1]?.forceFallbackAdapter, 'second request asks for the fallback adapter').toBe(true);
  });

  it('when requestAdapter throws', async () => {
    const backend = await requestComputeBackend(fakeGpu(async () => Promise.reject(new Error('adapter exploded'))));
    expect(backend.kind === 'cpu' && backend.reason, 'reason carries the error').toMatch(/adapter request failed: adapter exploded/);
  });

  it('when requestAdapter never answers', async () => {
    const backend = await requestComputeBackend(
      fakeGpu(() => new Promise(() => {})),
      { timeoutMilliseconds: 20 },
    );
    expect(backend.kind === 'cpu' && backend.reason, 'reason says it timed out').toMatch(/did not answer within 20 ms/);
  });

  it('when requestDevice rejects, naming the adapter', async () => {
    const { adapter } = fakeAdapter({ vendor: 'acme', architecture: 'rocket', device: '', description: 'Rocket 9000' }, () =>
      Promise.reject(new Error('out of devices')),
    );
    const backend = await requestComputeBackend(fakeGpu(async () => adapter));
    expect(backend.kind === 'cpu' && backend.reason, 'reason').toBe('WebGPU adapter "Rocket 9000 (acme rocket)" did not give a device: out of devices');
  });
});

describe('requestComputeBackend with an adapter', () => {
  it('names the adapter from its info, asks for the adapter storage limits and reports them', async () => {
    const { adapter, descriptors } = fakeAdapter({
      vendor: 'google',
      architecture: 'swiftshader',
      device: 'swiftshader-device',
      description: '',
      isFallbackAdapter: true,
    });
    const gpu = fakeGpu(async (options) => (options?.forceFallbackAdapter ? adapter : null));
    const backend = await requestComputeBackend(gpu);
    expect(backend.kind, 'kind').toBe('webgpu');
    if (backend.kind !== 'webgpu') return;
    expect(backend.adapterName, 'name: model, then vendor and architecture').toBe('swiftshader-device (google swiftshader)');
    expect(backend.isFallbackAdapter, 'fallback flag from info').toBe(true);
    expect(descriptors[0]?.requiredLimits, 'raised limits requested').toEqual({
      maxBufferSize: 2 ** 30,
      maxStorageBufferBindingSize: 2 ** 30,
      maxStorageBuffersPerShaderStage: 10,
    });
    expect(backend.limits.maxComputeWorkgroupsPerDimension, 'limits reported').toBe(65535);
  });

  it('names an adapter whose info is hidden (empty strings) without failing', async () => {
    const { adapter } = fakeAdapter({ vendor: '', architecture: '', device: '', description: '' });
    const backend = await requestComputeBackend(fakeGpu(async () => adapter));
    expect(backend.kind === 'webgpu' && backend.adapterName, 'placeholder name').toBe('unnamed WebGPU adapter');
  });

  it('reports a device loss through onDeviceLost, but not our own destroy()', async () => {
    const losses: DeviceLoss[] = [];
    const first = fakeAdapter({ vendor: 'v', architecture: 'a' });
    const lostBackend = await requestComputeBackend(
      fakeGpu(async () => first.adapter),
      { onDeviceLost: (loss) => losses.push(loss) },
    );
    first.lose({ reason: 'unknown', message: 'driver reset' });
    expect(lostBackend.kind === 'webgpu' && (await lostBackend.lost), 'lost resolves').toEqual({ reason: 'unknown', message: 'driver reset' });
    expect(losses, 'callback got the loss').toEqual([{ reason: 'unknown', message: 'driver reset' }]);

    const second = fakeAdapter({ vendor: 'v', architecture: 'a' });
    const destroyed = await requestComputeBackend(
      fakeGpu(async () => second.adapter),
      { onDeviceLost: (loss) => losses.push(loss) },
    );
    second.lose({ reason: 'destroyed', message: 'device was destroyed' });
    expect(destroyed.kind === 'webgpu' && (await destroyed.lost).reason, 'lost resolves on destroy').toBe('destroyed');
    expect(losses.length, 'destroy() is not reported as a loss').toBe(1);
  });
});

// The real thing: Dawn in Node. In CI .ci/run sets VK_ICD_FILENAMES, so an adapter must be found there.
const node = await nodeComputeBackend();

describe('requestComputeBackend in Node (webgpu package)', () => {
  it('finds an adapter whenever a Vulkan ICD is configured and present', () => {
    const icd = process.env.VK_ICD_FILENAMES;
    if (icd && existsSync(icd)) expect(node.backend.kind, `VK_ICD_FILENAMES=${icd} but: ${node.skipReason}`).toBe('webgpu');
    else expect(node.backend.kind === 'cpu' && node.backend.reason, 'without a driver the reason says why').toMatch(/adapter/);
  });

  it.skipIf(!node.device)(`names the SwiftShader adapter and runs a device${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
    if (node.backend.kind !== 'webgpu') return;
    if ((process.env.VK_ICD_FILENAMES ?? '').includes('swiftshader')) {
      expect(node.backend.adapterName, 'adapter name').toMatch(/swiftshader/i);
      expect(node.backend.isFallbackAdapter, 'SwiftShader is a fallback adapter').toBe(true);
    }
    expect(node.backend.limits.maxStorageBufferBindingSize, 'storage binding limit at least the WebGPU default').toBeGreaterThanOrEqual(2 ** 27);
  });
});
