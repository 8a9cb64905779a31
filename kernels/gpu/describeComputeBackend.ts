import type { ComputeBackend } from './gpuContext.ts';

/**
 * The one-line description of a compute backend for a status bar or a log:
 * "WebGPU: SwiftShader driver 5.0.0 (google swiftshader), software fallback adapter" or "CPU: <reason>".
 *
 * @param backend  the result of `requestComputeBackend`
 * @returns a single line of text
 */
export function describeComputeBackend(backend: ComputeBackend): string {
  if (backend.kind === 'cpu') return `CPU: ${backend.reason}`;
  return `WebGPU: ${backend.adapterName}${backend.isFallbackAdapter ? ', software fallback adapter' : ''}`;
}
