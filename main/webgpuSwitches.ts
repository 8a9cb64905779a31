/**
 * Chromium command-line switches that make WebGPU available in Electron on Linux. They must be
 * appended before `app` emits `ready` (main/index.ts does it at module load).
 *
 * Why: Windows and macOS ship WebGPU on by default (Chromium ≥ 113). On Linux only Intel Gen12+ and
 * recent NVIDIA drivers are on by default; everything else needs `--enable-unsafe-webgpu` plus
 * Vulkan (`--enable-features=Vulkan,VulkanFromANGLE`), and ANGLE on Vulkan under X11. Electron keeps
 * the Vulkan feature off on Linux by default (electron/electron #40929), and users still report null
 * adapters with only `enable-unsafe-webgpu` (#41763), so the renderer keeps a CPU fallback.
 * Sources: the gpuweb wiki's "Implementation Status" page (https://github.com/gpuweb/gpuweb/wiki/Implementation-Status)
 * and gpuweb issue #5022.
 *
 * `OVERLAP_WEBGPU=0` in the environment turns the switches off (troubleshooting a driver crash).
 *
 * @param platform  process.platform
 * @param env       process.env (reads OVERLAP_WEBGPU, XDG_SESSION_TYPE, WAYLAND_DISPLAY)
 * @returns switches in order, `value` undefined for flags
 */
export function webgpuSwitches(platform: string, env: Readonly<Record<string, string | undefined>>): Array<{ name: string; value?: string }> {
  if (platform !== 'linux' || env.OVERLAP_WEBGPU === '0') return [];
  const switches: Array<{ name: string; value?: string }> = [{ name: 'enable-unsafe-webgpu' }, { name: 'enable-features', value: 'Vulkan,VulkanFromANGLE' }];
  const wayland = env.XDG_SESSION_TYPE === 'wayland' || (env.WAYLAND_DISPLAY !== undefined && env.WAYLAND_DISPLAY !== '');
  // ANGLE-on-Vulkan is the tested path under X11; under native Wayland, Chromium picks its own GL.
  if (!wayland) switches.push({ name: 'use-angle', value: 'vulkan' });
  return switches;
}
