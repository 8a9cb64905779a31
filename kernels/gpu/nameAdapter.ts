import type { AdapterDescription } from './gpuContext.ts';

/**
 * One line naming a WebGPU adapter from whatever parts of `GPUAdapterInfo` the implementation reveals, for reports
 * and the status bar: "SwiftShader driver 5.0.0 (google swiftshader)", "nvidia-h100-80gb-hbm3 (NVIDIA: 580.159.04
 * 580.159.4.0)".
 *
 * The description usually names the model. Dawn's Vulkan backend on NVIDIA's driver (measured on an H100, driver
 * 580.159.04) describes the adapter as "NVIDIA: 580.159.04 580.159.4.0", a vendor and a driver version, with an empty
 * architecture; only `device` ("nvidia-h100-80gb-hbm3") says which GPU it is, so a description of that shape is
 * preceded by the device.
 *
 * @param info  the adapter's vendor, architecture, device and description (empty strings where hidden)
 * @returns a single line; "unnamed WebGPU adapter" when everything is hidden
 */
export function nameAdapter(info: AdapterDescription): string {
  const family = [info.vendor, info.architecture].filter((s) => s !== '').join(' ');
  const driverOnly = /^[^:]*:\s*[\d.\s]+$/.test(info.description);
  let model = info.description !== '' ? info.description : info.device;
  if (driverOnly && info.device !== '' && !info.description.includes(info.device)) model = `${info.device} (${info.description})`;
  if (model !== '' && family !== '' && !model.toLowerCase().includes(family.toLowerCase())) return `${model} (${family})`;
  return model !== '' ? model : family !== '' ? family : 'unnamed WebGPU adapter';
}
