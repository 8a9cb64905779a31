import type { GpuOgcDetectionData } from './types.ts';

/** Copies V×3 f32 positions [m] from `source` (at byte `offset`) into the positions the next detection reads. */
export function encodePositionsCopy(d: GpuOgcDetectionData, encoder: GPUCommandEncoder, source: GPUBuffer, offset: number): void {
  if (d.vertexCount > 0) encoder.copyBufferToBuffer(source, offset, d.positionBuffer, 0, 12 * d.vertexCount);
}
