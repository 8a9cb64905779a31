// nameAdapter: the adapter line of reports and the status bar names the GPU, also where the description is only a
// driver version (Dawn/Vulkan on NVIDIA, as read on an H100).
import { describe, expect, it } from 'vitest';
import { nameAdapter } from '../../../kernels/gpu/nameAdapter.ts';

describe('nameAdapter', () => {
  it('SwiftShader in Node (Dawn): the description and the family', () => {
    const info = { vendor: 'google', architecture: 'swiftshader', device: 'swiftshader-device-subzero-', description: 'SwiftShader driver 5.0.0' };
    expect(nameAdapter(info), 'swiftshader line').toBe('SwiftShader driver 5.0.0 (google swiftshader)');
  });

  it('NVIDIA through Dawn/Vulkan: a description that is only a driver version is preceded by the device', () => {
    const info = { vendor: 'nvidia', architecture: '', device: 'nvidia-h100-80gb-hbm3', description: 'NVIDIA: 580.159.04 580.159.4.0' };
    expect(nameAdapter(info), 'names the H100').toBe('nvidia-h100-80gb-hbm3 (NVIDIA: 580.159.04 580.159.4.0)');
  });

  it('a description naming the model is kept as it is', () => {
    const info = { vendor: 'apple', architecture: 'metal-3', device: '', description: 'Apple M2 Pro' };
    expect(nameAdapter(info), 'apple line').toBe('Apple M2 Pro (apple metal-3)');
  });

  it('hidden fields (browsers may hide them): the family, else a placeholder', () => {
    expect(nameAdapter({ vendor: 'intel', architecture: 'gen-12lp', device: '', description: '' }), 'family only').toBe('intel gen-12lp');
    expect(nameAdapter({ vendor: '', architecture: '', device: '', description: '' }), 'nothing').toBe('unnamed WebGPU adapter');
  });
});
