// The status-bar line: names the adapter for WebGPU, carries the reason for the CPU.
import { describe, expect, it } from 'vitest';
import { describeComputeBackend } from '../../../kernels/gpu/describeComputeBackend.ts';
import type { ComputeBackend } from '../../../kernels/gpu/gpuContext.ts';

describe('describeComputeBackend', () => {
  it('says CPU and why', () => {
    expect(describeComputeBackend({ kind: 'cpu', reason: 'no WebGPU adapter found' }), 'cpu line').toBe('CPU: no WebGPU adapter found');
  });

  it('names a WebGPU adapter and flags software fallback', () => {
    const webgpu = { kind: 'webgpu', adapterName: 'SwiftShader driver 5.0.0 (google swiftshader)', isFallbackAdapter: true } as ComputeBackend;
    expect(describeComputeBackend(webgpu), 'webgpu line').toBe('WebGPU: SwiftShader driver 5.0.0 (google swiftshader), software fallback adapter');
    expect(describeComputeBackend({ ...webgpu, isFallbackAdapter: false } as ComputeBackend), 'hardware adapter').toBe(
      'WebGPU: SwiftShader driver 5.0.0 (google swiftshader)',
    );
  });
});
