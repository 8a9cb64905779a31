import { describe, expect, it } from 'vitest';
import { webgpuSwitches } from '../../main/webgpuSwitches.ts';

describe('webgpuSwitches', () => {
  it('enables unsafe WebGPU, Vulkan and ANGLE-on-Vulkan on Linux X11', () => {
    expect(webgpuSwitches('linux', { DISPLAY: ':0', XDG_SESSION_TYPE: 'x11' }), 'x11 switches').toEqual([
      { name: 'enable-unsafe-webgpu' },
      { name: 'enable-features', value: 'Vulkan,VulkanFromANGLE' },
      { name: 'use-angle', value: 'vulkan' },
    ]);
  });

  it('leaves ANGLE alone under Wayland', () => {
    const names = webgpuSwitches('linux', { WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland' }).map((flag) => flag.name);
    expect(names, 'wayland switches').toEqual(['enable-unsafe-webgpu', 'enable-features']);
  });

  it('adds nothing on Windows and macOS, where WebGPU is on by default', () => {
    expect(webgpuSwitches('win32', {}), 'windows').toEqual([]);
    expect(webgpuSwitches('darwin', {}), 'macOS').toEqual([]);
  });

  it('can be turned off with OVERLAP_WEBGPU=0', () => {
    expect(webgpuSwitches('linux', { OVERLAP_WEBGPU: '0' }), 'opt-out').toEqual([]);
  });
});
